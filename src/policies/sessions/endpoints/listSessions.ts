import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'
import type { PayloadSession, SessionDocument } from '../constants.js'

import { backofficeEndpoint } from '../../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { idTypeOf, jsonResponse } from '../../../shared/request/http.js'
import { parseDocumentId } from '../../../shared/request/parseDocumentId.js'
import { signedIn } from '../../../shared/request/signedIn.js'
import { isAdmin } from '../../../shared/roles/isAdmin.js'
import { toSessionSummary } from './sessionSummary.js'

/**
 * `GET /api/<users>/sessions`: the caller's active sessions, newest first, the current one marked.
 * Administrators may pass `?user=<id>` for anyone's. A session counts as active while its sid is in
 * Payload's `sessions` array on the user and has not expired: the same test Payload's JWT strategy
 * applies, so the list never shows a session that no longer works.
 */
export const listSessionsEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { viewer }) => {
      const requested = req.searchParams.get('user')
      const targetId =
        requested === null
          ? viewer.id
          : parseDocumentId(requested, idTypeOf(req, options.usersCollection))
      if (targetId === null) {
        throw new BackofficeError('MALFORMED_REQUEST', { req })
      }
      const viewerIsAdmin = isAdmin(viewer, options)
      const own = String(targetId) === String(viewer.id)
      if (!own && !viewerIsAdmin) {
        throw new BackofficeError('INSUFFICIENT_PERMISSIONS', {
          req,
          variables: { role: options.roles.admin },
        })
      }

      const target = (await req.payload.db.findOne({
        collection: options.usersCollection,
        req,
        where: { id: { equals: targetId } },
      })) as { sessions?: null | PayloadSession[] } | null
      if (!target) {
        throw new BackofficeError('USER_NOT_FOUND', { req })
      }
      const now = Date.now()
      const live = (target.sessions ?? [])
        .filter(({ expiresAt }) => new Date(expiresAt).getTime() > now)
        .map(({ id }) => id)
      const docs =
        live.length === 0
          ? []
          : ((
              await req.payload.find({
                collection: options.sessions.slug as never,
                depth: 0,
                overrideAccess: true,
                pagination: false,
                req,
                sort: '-createdAt',
                where: {
                  and: [
                    { user: { equals: targetId } },
                    { sid: { in: live } },
                    { revokedAt: { exists: false } },
                  ],
                },
              })
            ).docs as unknown as SessionDocument[])

      return jsonResponse(req, {
        canEndAll: viewerIsAdmin,
        docs: docs.map((doc) => toSessionSummary(doc, own ? viewer._sid : undefined)),
      })
    },
    method: 'get',
    path: '/sessions',
    requires: [signedIn(options)],
  })
