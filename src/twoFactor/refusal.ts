import type { PayloadRequest } from 'payload'

import { headersWithCors } from 'payload'

import type { BackofficeErrorCode } from '../errors/catalogue.js'

import { BackofficeError, type BackofficeErrorVariables } from '../errors/BackofficeError.js'

/**
 * A catalogue error in Payload's shape (`{ errors: [{ name, message, data: { code } }] }`), with what
 * the two-factor views need beside it: where to go next, cookies to set or clear, Retry-After.
 */
export const refusal = (
  req: PayloadRequest,
  code: BackofficeErrorCode,
  {
    cookies = [],
    redirectTo,
    retryAfterSeconds,
    variables,
  }: {
    cookies?: string[]
    redirectTo?: string
    retryAfterSeconds?: number
    variables?: BackofficeErrorVariables
  } = {},
): Response => {
  const error = new BackofficeError(code, { req, variables })
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
