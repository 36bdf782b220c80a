import { createServer, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  callBackoffice,
  errorOf,
  unanswered,
} from '../../src/shared/components/client/backofficeFetch.js'
import { en } from '../../src/shared/translations/en.js'

const t = (key: 'loginNetworkError', variables: Record<string, string>) =>
  en[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => variables[name] ?? '')

type Received = { body: string; headers: IncomingHttpHeaders; method: string; path: string }
type Reply = { body: string; headers?: OutgoingHttpHeaders; status: number }

const received: Received[] = []
let reply: Reply = { body: '{}', status: 200 }
// A real HTTP server on 127.0.0.1: it keeps every request as it arrived and answers each with the
// reply set by `answerWith`.
const server = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    received.push({
      body: Buffer.concat(chunks).toString('utf8'),
      headers: request.headers,
      method: request.method ?? '',
      path: request.url ?? '',
    })
    response.writeHead(reply.status, reply.headers).end(reply.body)
  })
})
let origin = ''

const answerWith = (next: Reply) => {
  reply = next
  received.length = 0
}
const json = (body: unknown, status = 200, headers: OutgoingHttpHeaders = {}): Reply => ({
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json', ...headers },
  status,
})

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

describe('reading an error answer', () => {
  it("takes the first error's message and code", () => {
    expect(
      errorOf({
        errors: [
          { data: { code: 'TOTP_INVALID' }, message: 'Invalid code.', name: 'BackofficeError' },
          { message: 'Second' },
        ],
      }),
    ).toEqual({ code: 'TOTP_INVALID', message: 'Invalid code.' })
  })

  it('gives nothing for what is not an error answer', () => {
    for (const body of [null, undefined, 'text', {}, { errors: [] }, { errors: 'x' }]) {
      expect(errorOf(body)).toEqual({ code: undefined, message: undefined })
    }
    expect(errorOf({ errors: [{ data: { code: 42 }, message: '' }] })).toEqual({
      code: undefined,
      message: undefined,
    })
  })
})

describe('calling an endpoint', () => {
  it('sends the admin language and the body as JSON, in a POST', async () => {
    answerWith(json({ ok: true }))
    const answer = await callBackoffice(`${origin}/api/users/mfa/totp/authenticate`, {
      body: { code: '123456' },
      language: 'nl',
      t,
    })
    expect(received).toMatchObject([
      {
        body: '{"code":"123456"}',
        headers: { 'accept-language': 'nl', 'content-type': 'application/json' },
        method: 'POST',
        path: '/api/users/mfa/totp/authenticate',
      },
    ])
    expect(answer).toEqual({
      body: { ok: true },
      code: undefined,
      message: undefined,
      ok: true,
      retryAfter: undefined,
      status: 200,
    })
    expect(unanswered(answer)).toBe(false)
  })

  it('GETs without a body unless told to POST', async () => {
    answerWith(json({ docs: [] }))
    await callBackoffice(`${origin}/api/users/mfa/trusted-devices`, { cache: 'no-store', t })
    await callBackoffice(`${origin}/api/users/1/unblock`, { method: 'POST', t })
    expect(received.map(({ body, method, path }) => ({ body, method, path }))).toEqual([
      { body: '', method: 'GET', path: '/api/users/mfa/trusted-devices' },
      { body: '', method: 'POST', path: '/api/users/1/unblock' },
    ])
    for (const { headers } of received) {
      expect(headers['content-type']).toBeUndefined()
    }
  })

  it("reads a refusal's message, code and Retry-After", async () => {
    answerWith(
      json(
        {
          errors: [
            {
              data: { code: 'TOTP_RATE_LIMITED' },
              message: 'TOTP rate limited. Try again in 30 seconds',
              name: 'BackofficeError',
            },
          ],
        },
        429,
        { 'Retry-After': '30' },
      ),
    )
    expect(await callBackoffice(`${origin}/api/x`, { body: {}, t })).toMatchObject({
      code: 'TOTP_RATE_LIMITED',
      message: 'TOTP rate limited. Try again in 30 seconds',
      ok: false,
      retryAfter: 30,
      status: 429,
    })
  })

  it('keeps an answer that is not JSON as a null body', async () => {
    answerWith({
      body: '<html>Bad gateway</html>',
      headers: { 'Content-Type': 'text/html' },
      status: 502,
    })
    expect(await callBackoffice(`${origin}/api/x`, { t })).toMatchObject({
      body: null,
      message: undefined,
      ok: false,
      status: 502,
    })
  })

  it('turns a request that gets no answer into status 0 and the translated network error', async () => {
    // A port nothing listens on any more: the connection is refused.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const address = closed.address()
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const port = typeof address === 'object' && address ? address.port : 0

    const answer = await callBackoffice(`http://127.0.0.1:${port}/api/x`, { t })
    expect(answer).toMatchObject({ body: null, ok: false, status: 0 })
    expect(answer.message).toMatch(/^Network error: .+/)
    expect(unanswered(answer)).toBe(true)
  })
})
