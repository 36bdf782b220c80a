import type { CollectionSlug, Endpoint } from 'payload'

import { headersWithCors, refreshOperation } from 'payload'
import { generatePayloadCookie } from 'payload/shared'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { backofficeEndpoint } from '../../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { signedIn } from '../../../shared/request/signedIn.js'

/** Whether the account still has the session `sid`, as committed now. */
const sessionStillExists = async (
  req: Parameters<Endpoint['handler']>[0],
  options: SanitizedBackofficeOptions,
  userId: number | string,
  sid: string,
): Promise<boolean> => {
  const account = (await req.payload.db.findOne({
    collection: options.usersCollection,
    joins: false as never,
    where: { id: { equals: userId } },
  })) as null | { sessions?: { id: string }[] }
  return Boolean(account?.sessions?.some((session) => session.id === sid))
}

/**
 * `POST /api/{users}/refresh-token`, in place of Payload's, which answers the same way through
 * Payload's own `refreshOperation` (and so through the refresh hooks: the session's absolute
 * lifetime, "last active"). One difference: Payload's operation reads the account again after the
 * request was authenticated and assumes the session is still on it; when it was ended in between (the
 * owner ended it, an administrator suspended the account, while a stolen copy keeps refreshing) it
 * fails with a TypeError and answers 500. Here that refresh is answered `401 AUTHENTICATION_REQUIRED`,
 * as the next request of that token will be: the session is over, and no failure leaks out. A
 * request without a valid session (anonymous, or its session already ended) gets the same 401,
 * where Payload's answers 403.
 */
export const refreshTokenEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { viewer }) => {
      const collection = req.payload.collections[options.usersCollection as CollectionSlug]!
      let result: Awaited<ReturnType<typeof refreshOperation>>
      try {
        result = await refreshOperation({ collection, req })
      } catch (error) {
        if (
          error instanceof TypeError &&
          viewer._sid &&
          !(await sessionStillExists(req, options, viewer.id, viewer._sid))
        ) {
          throw new BackofficeError('AUTHENTICATION_REQUIRED', { req })
        }
        throw error
      }
      const headers = headersWithCors({ headers: new Headers(), req })
      const body: Record<string, unknown> = {
        message: req.t('authentication:tokenRefreshSuccessful'),
        ...result,
      }
      if (result.setCookie) {
        headers.set(
          'Set-Cookie',
          generatePayloadCookie({
            collectionAuthConfig: collection.config.auth,
            cookiePrefix: req.payload.config.cookiePrefix,
            token: result.refreshedToken,
          }),
        )
        if (collection.config.auth.removeTokenFromResponses) {
          delete body.refreshedToken
        }
      }
      return Response.json(body, { headers, status: 200 })
    },
    method: 'post',
    path: '/refresh-token',
    requires: [signedIn(options)],
  })
