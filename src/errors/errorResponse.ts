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

/** The response for a refusal thrown as a `BackofficeError`, with the variables it was thrown with. */
export const refusalResponse = (req: PayloadRequest, error: BackofficeError): Response => {
  const { code: _code, ...variables } = error.data
  return errorResponse(req, error.code, variables)
}

/**
 * Runs an endpoint's work and answers its refusals (a `BackofficeError` below 500) rather than
 * throwing them: a refusal is an expected outcome, not an error for the server log.
 */
export const answeringRefusals = async (
  req: PayloadRequest,
  work: () => Promise<Response>,
): Promise<Response> => {
  try {
    return await work()
  } catch (error) {
    if (error instanceof BackofficeError && error.status < 500) {
      return refusalResponse(req, error)
    }
    throw error
  }
}
