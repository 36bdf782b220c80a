import { afterEach, describe, expect, it, vi } from 'vitest'

import { callBackoffice, errorOf, unanswered } from '../../src/components/client/backofficeFetch.js'
import { en } from '../../src/translations/en.js'

const t = (key: 'loginNetworkError', variables: Record<string, string>) =>
  en[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => variables[name] ?? '')

const answerWith = (response: Response) => {
  const fetchMock = vi.fn(async () => response)
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
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
  it('sends the session cookie, the admin language and the body as JSON', async () => {
    const fetchMock = answerWith(Response.json({ ok: true }))
    const answer = await callBackoffice('/api/users/mfa/totp/authenticate', {
      body: { code: '123456' },
      language: 'nl',
      t,
    })
    expect(fetchMock).toHaveBeenCalledWith('/api/users/mfa/totp/authenticate', {
      body: '{"code":"123456"}',
      cache: undefined,
      credentials: 'include',
      headers: { 'Accept-Language': 'nl', 'Content-Type': 'application/json' },
      method: 'POST',
    })
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
    const fetchMock = answerWith(Response.json({ docs: [] }))
    await callBackoffice('/api/users/mfa/trusted-devices', { cache: 'no-store', t })
    await callBackoffice('/api/users/1/unblock', { method: 'POST', t })
    expect(fetchMock.mock.calls.map((call) => (call as unknown[])[1])).toEqual([
      { body: undefined, cache: 'no-store', credentials: 'include', headers: {}, method: 'GET' },
      { body: undefined, cache: undefined, credentials: 'include', headers: {}, method: 'POST' },
    ])
  })

  it("reads a refusal's message, code and Retry-After", async () => {
    answerWith(
      Response.json(
        {
          errors: [
            {
              data: { code: 'TOTP_RATE_LIMITED' },
              message: 'TOTP rate limited. Try again in 30 seconds',
              name: 'BackofficeError',
            },
          ],
        },
        { headers: { 'Retry-After': '30' }, status: 429 },
      ),
    )
    expect(await callBackoffice('/api/x', { body: {}, t })).toMatchObject({
      code: 'TOTP_RATE_LIMITED',
      message: 'TOTP rate limited. Try again in 30 seconds',
      ok: false,
      retryAfter: 30,
      status: 429,
    })
  })

  it('keeps an answer that is not JSON as a null body', async () => {
    answerWith(new Response('<html>Bad gateway</html>', { status: 502 }))
    expect(await callBackoffice('/api/x', { t })).toMatchObject({
      body: null,
      message: undefined,
      ok: false,
      status: 502,
    })
  })

  it('turns a network failure into an answer with status 0 and the translated message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    const answer = await callBackoffice('/api/x', { t })
    expect(answer).toMatchObject({
      message: 'Network error: Failed to fetch',
      ok: false,
      status: 0,
    })
    expect(unanswered(answer)).toBe(true)
  })
})
