import type { PayloadRequest } from 'payload'

import { headersWithCors } from 'payload'

import type { BackofficeErrorCode } from './catalogue.js'

import { BackofficeError, type BackofficeErrorVariables } from './BackofficeError.js'
import { CatalogueError } from './CatalogueError.js'

/**
 * The response for a refusal, in the same shape Payload gives its own errors:
 * `{ errors: [{ name, message, data: { code } }] }`, status from the catalogue, message in the
 * request's language, CORS headers as Payload would set them, plus what the error carries for the
 * client: `redirectTo` in the body, `Set-Cookie` and `Retry-After` headers. Given a code, the error
 * is made from the catalogue (for an app's own endpoints; the plugin's throw, see below).
 */
export const errorResponse = (
  req: PayloadRequest,
  refusal: BackofficeErrorCode | CatalogueError,
  variables?: BackofficeErrorVariables,
): Response => {
  const error =
    refusal instanceof CatalogueError ? refusal : new BackofficeError(refusal, { req, variables })
  const { cookies = [], redirectTo, retryAfterSeconds } = error.answer
  const headers = headersWithCors({ headers: new Headers(), req })
  cookies.forEach((cookie) => headers.append('Set-Cookie', cookie))
  if (retryAfterSeconds !== undefined) {
    headers.set('Retry-After', String(retryAfterSeconds))
  }
  return Response.json(
    {
      errors: [{ name: error.name, data: error.data, message: error.message }],
      ...(redirectTo ? { redirectTo } : {}),
    },
    { headers, status: error.status },
  )
}
