import type { PayloadRequest } from 'payload'

import { describe, expect, it } from 'vitest'

import { readTwoFactorCookie, twoFactorCookie } from '../../src/policies/twoFactor/cookies.js'
import { sanitizeOptions } from '../../src/shared/options/sanitize.js'

const options = sanitizeOptions()
/** What the cookie code reads from a request: its URL, headers and Payload's cookie prefix and API route. */
const requestTo = (url: string, cookie?: string) =>
  ({
    headers: new Headers(cookie ? { cookie } : {}),
    payload: { config: { cookiePrefix: 'payload', routes: { api: '/api' } } },
    url,
  }) as unknown as PayloadRequest
const token = 'A'.repeat(43)

/**
 * A Set-Cookie header as a user agent reads it (RFC 6265 §5.2): the name and value, then each
 * attribute under its lower-cased name, where Secure and HttpOnly count by their presence alone.
 * An attribute given twice fails the test.
 */
const asBrowserReadsIt = (setCookie: string) => {
  const [pair = '', ...attributes] = setCookie.split(';')
  const separator = pair.indexOf('=')
  const read: Record<string, string | true> = {
    name: pair.slice(0, separator).trim(),
    value: pair.slice(separator + 1).trim(),
  }
  for (const attribute of attributes) {
    const at = attribute.indexOf('=')
    const key = (at === -1 ? attribute : attribute.slice(0, at)).trim().toLowerCase()
    expect(read).not.toHaveProperty(key)
    read[key] = key === 'secure' || key === 'httponly' ? true : attribute.slice(at + 1).trim()
  }
  return read
}

describe('two-factor cookies', () => {
  it('are httpOnly, SameSite=Strict and sent only to the users API', () => {
    const cookie = twoFactorCookie(
      requestTo('https://cms.example.com/api/users/login'),
      options,
      'challenge',
      { maxAgeSeconds: 300, token },
    )
    expect(asBrowserReadsIt(cookie)).toEqual({
      httponly: true,
      'max-age': '300',
      name: 'payload-mfa-challenge',
      path: '/api/users',
      samesite: 'Strict',
      secure: true,
      value: token,
    })
    // The same attributes as the header the plugin wrote by hand before.
    expect(asBrowserReadsIt(cookie)).toEqual(
      asBrowserReadsIt(
        `payload-mfa-challenge=${token}; Max-Age=300; Path=/api/users; HttpOnly; SameSite=Strict; Secure`,
      ),
    )
  })

  it('are Secure everywhere but localhost', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000']) {
      const cookie = twoFactorCookie(
        requestTo(`http://${host}/api/users/login`),
        options,
        'trustedDevice',
        { maxAgeSeconds: 60, token },
      )
      expect(cookie).not.toMatch(/Secure/i)
      expect(asBrowserReadsIt(cookie)).toEqual({
        httponly: true,
        'max-age': '60',
        name: 'payload-trusted-device',
        path: '/api/users',
        samesite: 'Strict',
        value: token,
      })
    }
  })

  it('are cleared with an empty value that has already expired', () => {
    const cookie = twoFactorCookie(
      requestTo('https://cms.example.com/api/users/login'),
      options,
      'challenge',
      null,
    )
    expect(asBrowserReadsIt(cookie)).toEqual({
      expires: 'Thu, 01 Jan 1970 00:00:00 GMT',
      httponly: true,
      'max-age': '0',
      name: 'payload-mfa-challenge',
      path: '/api/users',
      samesite: 'Strict',
      secure: true,
      value: '',
    })
    expect(asBrowserReadsIt(cookie)).toEqual(
      asBrowserReadsIt(
        'payload-mfa-challenge=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/api/users; HttpOnly; SameSite=Strict; Secure',
      ),
    )
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
