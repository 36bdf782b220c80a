import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { hashToken, isWellFormedToken } from '../../shared/lib/tokens.js'
import { jsonResponse } from '../../shared/request/http.js'
import { invitationStore } from './invitationStore.js'
import { pickFields, profileFieldsFor } from './profileFields.js'

/** Answers about a token, refusals included, must never be kept by a browser or a proxy. */
const noStore = (endpoint: Endpoint): Endpoint => ({
  ...endpoint,
  handler: async (req) => {
    const response = await endpoint.handler(req)
    response.headers.set('Cache-Control', 'no-store')
    return response
  },
})

/**
 * `GET /api/<users>/invitation?token=…`: what the accept-invitation page shows before the invitee
 * submits — the address, when the link expires, the profile fields they may fill in and their
 * current values — without using the link up. A malformed, unknown, expired, used or revoked token
 * all get the same 400 INVITATION_INVALID_OR_EXPIRED.
 */
export const invitationDetailsEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  noStore(
    backofficeEndpoint({
      handler: async (req) => {
        const token = req.searchParams?.get('token')
        if (!isWellFormedToken(token)) {
          throw new BackofficeError('INVITATION_INVALID_OR_EXPIRED', { req })
        }
        const account = await invitationStore(req, options).findUsable(hashToken(token))
        if (!account || typeof account.email !== 'string') {
          throw new BackofficeError('INVITATION_INVALID_OR_EXPIRED', { req })
        }
        const fields = await profileFieldsFor(req, options, account)
        return jsonResponse(req, {
          data: pickFields(account, fields),
          email: account.email,
          expiresAt: account.invitation?.expiresAt ?? null,
          fields: fields.map((field) => (field as { name: string }).name),
        })
      },
      method: 'get',
      path: '/invitation',
    }),
  )
