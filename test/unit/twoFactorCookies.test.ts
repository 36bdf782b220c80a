import type { PayloadRequest } from 'payload'

import { describe, expect, it } from 'vitest'

import { sanitizeOptions } from '../../src/options/sanitize.js'
import { readTwoFactorCookie, twoFactorCookie } from '../../src/twoFactor/cookies.js'

const options = sanitizeOptions()
/** What the cookie code reads from a request: its URL, headers and Payload's cookie prefix and API route. */
const requestTo = (url: string, cookie?: string) =>
  ({
    headers: new Headers(cookie ? { cookie } : {}),
    payload: { config: { cookiePrefix: 'payload', routes: { api: '/api' } } },
    url,
  }) as unknown as PayloadRequest
const token = 'A'.repeat(43)

describe('two-factor cookies', () => {
  it('are httpOnly, SameSite=Strict and sent only to the users API', () => {
    const cookie = twoFactorCookie(
      requestTo('https://cms.example.com/api/users/login'),
      options,
      'challenge',
      { maxAgeSeconds: 300, token },
    )
    expect(cookie).toBe(
      `payload-mfa-challenge=${token}; Max-Age=300; Path=/api/users; HttpOnly; SameSite=Strict; Secure`,
    )
  })

  it('are Secure everywhere but localhost', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000']) {
      expect(
        twoFactorCookie(requestTo(`http://${host}/api/users/login`), options, 'trustedDevice', {
          maxAgeSeconds: 60,
          token,
        }),
      ).not.toMatch(/Secure/)
    }
  })

  it('are cleared with an empty value that has already expired', () => {
    expect(
      twoFactorCookie(
        requestTo('https://cms.example.com/api/users/login'),
        options,
        'challenge',
        null,
      ),
    ).toMatch(/^payload-mfa-challenge=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0;/)
  })

  it('are read back only when they hold one of our tokens', () => {
    expect(
      readTwoFactorCookie(
        requestTo('http://localhost', `a=b; payload-trusted-device=${token}`),
        'trustedDevice',
      ),
    ).toBe(token)
    expect(
      readTwoFactorCookie(
        requestTo('http://localhost', 'payload-trusted-device=short'),
        'trustedDevice',
      ),
    ).toBeNull()
    expect(
      readTwoFactorCookie(
        requestTo('http://localhost', `payload-mfa-challenge=${token}`),
        'trustedDevice',
      ),
    ).toBeNull()
  })
})
