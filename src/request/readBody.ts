import type { PayloadRequest } from 'payload'

import { addDataAndFileToRequest } from 'payload'

import { BackofficeError } from '../errors/BackofficeError.js'
import { readCappedText } from './http.js'

/** Bodies of the plugin's endpoints are a few fields; anything bigger is refused before parsing. */
const MAX_BODY_BYTES = 16 * 1024

const parseJSON = async (req: PayloadRequest): Promise<unknown> => {
  let text: null | string
  try {
    text = await readCappedText(req, MAX_BODY_BYTES)
  } catch {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
  if (text === null) {
    throw new BackofficeError('PAYLOAD_TOO_LARGE', { req })
  }
  try {
    return text.trim() ? JSON.parse(text) : {}
  } catch {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
}

/**
 * The request's body as a plain object, from JSON or from the admin's multipart form (`_payload`).
 * Oversized, malformed or non-object bodies become catalogue errors (413, 400), never a 500; a JSON
 * body is read no further than the limit, whatever its Content-Length says.
 */
export const readBody = async (req: PayloadRequest): Promise<Record<string, unknown>> => {
  if (Number(req.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) {
    throw new BackofficeError('PAYLOAD_TOO_LARGE', { req })
  }
  if (req.data === undefined) {
    const [contentType] = (req.headers.get('content-type') ?? '').split(';', 1)
    if (contentType?.trim() === 'application/json') {
      req.data = (await parseJSON(req)) as PayloadRequest['data']
    } else {
      try {
        await addDataAndFileToRequest(req)
      } catch {
        throw new BackofficeError('MALFORMED_REQUEST', { req })
      }
    }
  }
  const data: unknown = req.data ?? {}
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
  return data as Record<string, unknown>
}
