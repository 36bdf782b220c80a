import type { PayloadRequest } from 'payload'

import { headersWithCors } from 'payload'

import type { BackofficeErrorCode } from './catalogue.js'

import { BackofficeError, type BackofficeErrorVariables } from './BackofficeError.js'

/**
 * The response for a failed request to one of the plugin's endpoints, in the same shape Payload
 * gives its own errors: `{ errors: [{ name, message, data: { code } }] }`, status from the catalogue,
 * message in the request's language, CORS headers as Payload would set them.
 */
export const errorResponse = (
  req: PayloadRequest,
  code: BackofficeErrorCode,
  variables?: BackofficeErrorVariables,
): Response => {
  const error = new BackofficeError(code, { req, variables })
  return Response.json(
    { errors: [{ name: error.name, data: error.data, message: error.message }] },
    { headers: headersWithCors({ headers: new Headers(), req }), status: error.status },
  )
}
