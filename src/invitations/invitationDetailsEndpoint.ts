import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { errorResponse } from '../errors/errorResponse.js'
import { hashToken, isWellFormedToken } from '../lib/tokens.js'
import { jsonResponse } from '../request/http.js'
import { invitationStore } from './invitationStore.js'
import { pickFields, profileFieldsFor } from './profileFields.js'

/** Answers about a token must never be kept by a browser or a proxy. */
const noStore = (response: Response): Response => {
  response.headers.set('Cache-Control', 'no-store')
  return response
}

/**
 * `GET /api/<users>/invitation?token=…`: what the accept-invitation page shows before the invitee
 * submits — the address, when the link expires, the profile fields they may fill in and their
 * current values — without using the link up. A malformed, unknown, expired, used or revoked token
 * all get the same 400 INVITATION_INVALID_OR_EXPIRED.
 */
export const invitationDetailsEndpoint = (options: SanitizedBackofficeOptions): Endpoint => ({
  handler: async (req) => {
    const token = req.searchParams?.get('token')
    if (!isWellFormedToken(token)) {
      return noStore(errorResponse(req, 'INVITATION_INVALID_OR_EXPIRED'))
    }
    const account = await invitationStore(req, options).findUsable(hashToken(token))
    if (!account || typeof account.email !== 'string') {
      return noStore(errorResponse(req, 'INVITATION_INVALID_OR_EXPIRED'))
    }
    const fields = await profileFieldsFor(req, options, account)
    return noStore(
      jsonResponse(req, {
        data: pickFields(account, fields),
        email: account.email,
        expiresAt: account.invitation?.expiresAt ?? null,
        fields: fields.map((field) => (field as { name: string }).name),
      }),
    )
  },
  method: 'get',
  path: '/invitation',
})
