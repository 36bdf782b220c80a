import type { PayloadRequest } from 'payload'

import { BackofficeError } from '../errors/BackofficeError.js'
import { readCappedBytes } from './http.js'

/** Bodies of the plugin's endpoints are a few fields; anything bigger is refused before parsing. */
const MAX_BODY_BYTES = 16 * 1024

/** The body's bytes up to the cap, for every content type and transfer encoding. */
const readCapped = async (req: PayloadRequest, maxBytes: number): Promise<Buffer> => {
  let bytes: Buffer | null
  try {
    bytes = await readCappedBytes(req, maxBytes)
  } catch {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
  if (bytes === null) {
    throw new BackofficeError('PAYLOAD_TOO_LARGE', { req })
  }
  return bytes
}

const parseJSON = (req: PayloadRequest, text: string): unknown => {
  try {
    return text.trim() ? JSON.parse(text) : {}
  } catch {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
}

/**
 * The admin's forms post multipart with the fields as JSON in `_payload`, as Payload's own parser
 * reads them. The capped bytes are parsed with the Fetch API's `formData()`; the plugin's endpoints
 * take no files.
 */
const parseMultipart = async (
  req: PayloadRequest,
  contentType: string,
  bytes: Buffer,
): Promise<unknown> => {
  let fields: FormData
  try {
    fields = await new Response(new Uint8Array(bytes), {
      headers: { 'content-type': contentType },
    }).formData()
  } catch {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
  const json = fields.get('_payload')
  return typeof json === 'string' ? parseJSON(req, json) : {}
}

/**
 * The request's body as a plain object, from JSON or from the admin's multipart form (`_payload`).
 * Oversized, malformed or non-object bodies become catalogue errors (413, 400), never a 500. Every
 * body is read no further than the limit, whatever its Content-Length says or with none (chunked);
 * a body of another content type is not read at all. `maxBytes` raises the limit for the rare body
 * that lists many things (a multipart upload's parts).
 */
export const readBody = async (
  req: PayloadRequest,
  { maxBytes = MAX_BODY_BYTES }: { maxBytes?: number } = {},
): Promise<Record<string, unknown>> => {
  if (Number(req.headers.get('content-length') ?? 0) > maxBytes) {
    throw new BackofficeError('PAYLOAD_TOO_LARGE', { req })
  }
  if (req.data === undefined) {
    const header = req.headers.get('content-type') ?? ''
    const [mediaType = ''] = header.split(';', 1)
    const type = mediaType.trim().toLowerCase()
    if (type === 'application/json') {
      req.data = parseJSON(
        req,
        (await readCapped(req, maxBytes)).toString('utf8'),
      ) as PayloadRequest['data']
    } else if (type === 'multipart/form-data') {
      req.data = (await parseMultipart(
        req,
        header,
        await readCapped(req, maxBytes),
      )) as PayloadRequest['data']
    }
  }
  const data: unknown = req.data ?? {}
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
  return data as Record<string, unknown>
}
