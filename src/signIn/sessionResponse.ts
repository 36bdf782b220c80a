import type { Collection, loginOperation, PayloadRequest } from 'payload'

import { headersWithCors } from 'payload'
import { generatePayloadCookie } from 'payload/shared'

/**
 * The answer to a completed sign-in: Payload's session cookie and the body Payload's own login sends
 * (`user`, `exp`, and `token` unless the collection removes tokens from responses), plus `extra`.
 */
export const sessionResponse = (
  req: PayloadRequest,
  collection: Collection,
  result: Awaited<ReturnType<typeof loginOperation>>,
  extra: Record<string, unknown> = {},
): Response => {
  const cookie = generatePayloadCookie({
    collectionAuthConfig: collection.config.auth,
    cookiePrefix: req.payload.config.cookiePrefix,
    token: result.token!,
  })
  const body: Record<string, unknown> = {
    message: req.t('authentication:passed'),
    ...result,
    ...extra,
  }
  if (collection.config.auth.removeTokenFromResponses) {
    delete body.token
  }
  return Response.json(body, {
    headers: headersWithCors({ headers: new Headers({ 'Set-Cookie': cookie }), req }),
    status: 200,
  })
}
