import type { Endpoint, PayloadRequest } from 'payload'

import { APIError, headersWithCors } from 'payload'

import type { BackofficeErrorCode } from './catalogue.js'

import { BackofficeError, type BackofficeErrorVariables } from './BackofficeError.js'
import { CatalogueError } from './CatalogueError.js'
import { logRefusal } from './logRefusal.js'
import { maskedError } from './maskedError.js'

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

/**
 * Every endpoint of the plugin (and of the video plugin) is declared through this: its handler
 * refuses by throwing an error of its catalogue (`BackofficeError`, `VideoError`), and the error is
 * answered here with its code rather than thrown on to Payload, which would log every thrown error
 * at error level, even a client's mistake: a refusal is logged at info and counted (see
 * `logRefusal`). A catalogue error of 500 or more (an email that could not be sent, say) is logged
 * here, and its answer carries only the catalogue's text. Payload's own refusals (not found, forbidden, a
 * validation error: below 500) go on to Payload, which answers them as it always does. Anything
 * else is unexpected: it goes on to Payload (which logs it and runs the `afterError` hooks) as
 * `DATABASE_ERROR` or `INTERNAL_ERROR` with the catalogue's text, so a client always gets a stable
 * code and never the failure's detail.
 */
export const backofficeEndpoint = (endpoint: Endpoint): Endpoint => ({
  ...endpoint,
  handler: async (req) => {
    try {
      return await endpoint.handler(req)
    } catch (error) {
      if (!(error instanceof CatalogueError)) {
        if (error instanceof APIError && error.status < 500) {
          throw error
        }
        throw maskedError(req, error)
      }
      if (error.status >= 500) {
        req.payload.logger.error({ err: error, msg: `payload-backoffice: ${error.code}` })
      } else {
        logRefusal(req, error)
      }
      return errorResponse(req, error)
    }
  },
})
