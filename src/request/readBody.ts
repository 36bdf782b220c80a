import type { PayloadRequest } from 'payload'

import { addDataAndFileToRequest } from 'payload'

import { BackofficeError } from '../errors/BackofficeError.js'

/** Bodies of the plugin's endpoints are a few fields; anything bigger is refused before parsing. */
export const MAX_BODY_BYTES = 16 * 1024

/**
 * The request's body as a plain object, from JSON or from the admin's multipart form (`_payload`).
 * Oversized, malformed or non-object bodies become catalogue errors (413, 400), never a 500.
 */
export const readBody = async (req: PayloadRequest): Promise<Record<string, unknown>> => {
  const declaredLength = Number(req.headers.get('content-length') ?? 0)
  if (declaredLength > MAX_BODY_BYTES) {
    throw new BackofficeError('PAYLOAD_TOO_LARGE', { req })
  }
  if (req.data === undefined) {
    try {
      await addDataAndFileToRequest(req)
    } catch {
      throw new BackofficeError('MALFORMED_REQUEST', { req })
    }
  }
  const data: unknown = req.data ?? {}
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
  return data as Record<string, unknown>
}
