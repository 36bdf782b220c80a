import type { CollectionSlug, Endpoint, PayloadRequest } from 'payload'

import { generateExpiredPayloadCookie } from 'payload/shared'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'
import type { SessionDocument } from '../constants.js'

import { backofficeEndpoint } from '../../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { assertEmptyBody, idTypeOf, jsonResponse } from '../../../shared/request/http.js'
import { parseDocumentId } from '../../../shared/request/parseDocumentId.js'
import { signedIn } from '../../../shared/request/signedIn.js'
import { isAdmin } from '../../../shared/roles/isAdmin.js'
import { endSessions } from '../endSessions.js'
import { relationId } from './sessionSummary.js'

/** Headers that clear the caller's token cookie, for an answer that ended the caller's own session. */
const signedOutHeaders = (req: PayloadRequest, usersCollection: string): Headers => {
  const headers = new Headers()
  const collection = req.payload.collections[usersCollection as CollectionSlug]
  if (collection) {
    headers.set(
      'Set-Cookie',
      generateExpiredPayloadCookie({
        collectionAuthConfig: collection.config.auth,
        config: req.payload.config,
        cookiePrefix: req.payload.config.cookiePrefix,
      }),
    )
  }
  return headers
}

/** The answer of an endpoint that ended sessions; it signs the caller out when theirs was among them. */
export const revocationResponse = (
  req: PayloadRequest,
  usersCollection: string,
  { current, revoked }: { current: boolean; revoked: number },
): Response =>
  jsonResponse(
    req,
    { current, revoked },
    current ? signedOutHeaders(req, usersCollection) : undefined,
  )

/**
 * `POST /api/<users>/sessions/:id/revoke`: ends one session, by its document id. Anyone may end
 * their own, the current one included (that signs them out); administrators anyone's. For anyone
 * else, a session that is not theirs gets the same 403 whether it exists or not, so ids cannot be
 * probed. Ending a session that already ended changes nothing and answers `revoked: 0`.
 */
export const revokeSessionEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { viewer }) => {
      const id = parseDocumentId(req.routeParams?.id, idTypeOf(req, options.sessions.slug))
      if (id === null) {
        throw new BackofficeError('MALFORMED_REQUEST', { req })
      }
      await assertEmptyBody(req)

      const { docs } = await req.payload.find({
        collection: options.sessions.slug as never,
        depth: 0,
        limit: 1,
        overrideAccess: true,
        pagination: false,
        req,
        where: { id: { equals: id } },
      })
      const session = docs[0] as SessionDocument | undefined
      const ownerId = session ? relationId(session.user) : null
      const own = ownerId !== null && String(ownerId) === String(viewer.id)
      const viewerIsAdmin = isAdmin(viewer, options)
      if (!own && !viewerIsAdmin) {
        throw new BackofficeError('INSUFFICIENT_PERMISSIONS', {
          req,
          variables: { role: options.roles.admin },
        })
      }
      if (!session || ownerId === null) {
        throw new BackofficeError('NOT_FOUND', { req })
      }

      const ended = await endSessions(req, {
        onlySid: session.sid,
        reason: own ? 'user' : 'administrator',
        revokedBy: viewer.id,
        userId: ownerId,
      })
      return revocationResponse(req, options.usersCollection, {
        current: own && session.sid === viewer._sid && ended.size > 0,
        revoked: ended.size,
      })
    },
    method: 'post',
    path: '/sessions/:id/revoke',
    requires: [signedIn(options)],
  })
