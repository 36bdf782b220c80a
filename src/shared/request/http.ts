import type { CollectionSlug, PayloadRequest } from 'payload'

import { headersWithCors } from 'payload'

import { BackofficeError } from '../errors/BackofficeError.js'

/** A JSON answer with the CORS headers Payload would set on its own responses. */
export const jsonResponse = (
  req: PayloadRequest,
  body: unknown,
  headers = new Headers(),
): Response => Response.json(body, { headers: headersWithCors({ headers, req }), status: 200 })

/** A browser redirect (303: the next request is a GET) that the browser must not cache. */
export const seeOther = (req: PayloadRequest, location: string, cookies: string[] = []) => {
  const headers = headersWithCors({ headers: new Headers(), req })
  headers.set('Location', location)
  headers.set('Cache-Control', 'no-store')
  headers.set('Referrer-Policy', 'no-referrer')
  cookies.forEach((cookie) => headers.append('Set-Cookie', cookie))
  return new Response(null, { headers, status: 303 })
}

/** The id type of a collection: its custom id field's, else the database adapter's default. */
export const idTypeOf = (req: PayloadRequest, slug: string): 'number' | 'text' =>
  req.payload.collections[slug as CollectionSlug]?.customIDType ?? req.payload.db.defaultIDType

/** These endpoints take no parameters in the body; anything past this size is not a mistake. */
const MAX_BODY_BYTES = 1024

/**
 * The request's body as bytes, or null once it grows past `maxBytes`: reading stops there, whatever
 * Content-Length claimed or with none at all (chunked transfer), so a hostile client cannot make the
 * server buffer an unbounded body.
 */
export const readCappedBytes = async (
  req: PayloadRequest,
  maxBytes: number,
): Promise<Buffer | null> => {
  const reader = req.body?.getReader()
  if (!reader) {
    return Buffer.alloc(0)
  }
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) {
      break
    }
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/**
 * Checks the body of an endpoint that takes none: nothing, or an empty JSON object (what most HTTP
 * clients send). Anything else is refused (413 or 400), so a client bug shows up as a 4xx instead of
 * being silently ignored.
 */
export const assertEmptyBody = async (req: PayloadRequest): Promise<void> => {
  const refuse = (code: 'MALFORMED_REQUEST' | 'PAYLOAD_TOO_LARGE') =>
    new BackofficeError(code, { req })
  if (Number(req.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) {
    throw refuse('PAYLOAD_TOO_LARGE')
  }
  let text: null | string
  try {
    text = (await readCappedBytes(req, MAX_BODY_BYTES))?.toString('utf8') ?? null
  } catch {
    throw refuse('MALFORMED_REQUEST')
  }
  if (text === null) {
    throw refuse('PAYLOAD_TOO_LARGE')
  }
  if (text.trim() === '') {
    return
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw refuse('MALFORMED_REQUEST')
  }
  const isEmptyObject =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.keys(parsed).length === 0
  if (!isEmptyObject) {
    throw refuse('MALFORMED_REQUEST')
  }
}

/**
 * Whether the plugin's cookies get `Secure`: everywhere but on localhost, where the dev app and the
 * tests run over plain HTTP (browsers treat localhost as a secure context all the same).
 */
export const secureCookies = (req: Pick<PayloadRequest, 'url'>): boolean => {
  const url = req.url ? new URL(req.url) : null
  return Boolean(url && !['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname))
}
