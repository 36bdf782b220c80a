import { describe, expect, it } from 'vitest'

import type { BackofficeAnswer } from '../../src/shared/components/client/backofficeFetch.js'

import { resetOutcome } from '../../src/flows/passwordReset/resetOutcome.js'
import { errorOf } from '../../src/shared/components/client/backofficeFetch.js'
import { en } from '../../src/shared/translations/en.js'

const t = (key: 'loginBackendProblem' | 'loginNetworkError', variables: Record<string, string>) =>
  en[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => variables[name] ?? '')
const context = { adminRoute: '/admin', t }

/** An answer as `callBackoffice` gives it for `status` and `body`. */
const answer = (status: number, body: unknown): BackofficeAnswer => {
  const ok = status >= 200 && status < 300
  return {
    body,
    ...(ok ? { code: undefined, message: undefined } : errorOf(body)),
    ok,
    retryAfter: undefined,
    status,
  }
}

describe('where the reset form goes after a new password was set', () => {
  it("follows the answer's redirectTo when it stays on this site, without the toast", () => {
    expect(resetOutcome(answer(200, { redirectTo: '/admin/2fa', token: 'x' }), context)).toEqual({
      announce: false,
      kind: 'success',
      to: '/admin/2fa',
    })
  })

  it('else goes to the admin root, announcing the new password when the answer signed in', () => {
    expect(resetOutcome(answer(200, { token: 'x' }), context)).toEqual({
      announce: true,
      kind: 'success',
      to: '/admin',
    })
    expect(
      resetOutcome(answer(200, { redirectTo: 'https://evil.example/admin' }), context),
    ).toEqual({ announce: false, kind: 'success', to: '/admin' })
  })
})

describe('what the reset form shows when the new password is refused', () => {
  it("shows the server's reason for 400 and 401, and hides any other failure's detail", () => {
    const refused = {
      errors: [{ data: { code: 'X' }, message: 'Token is invalid or has expired.' }],
    }
    for (const status of [400, 401]) {
      expect(resetOutcome(answer(status, refused), context)).toEqual({
        kind: 'error',
        message: 'Token is invalid or has expired.',
      })
    }
    expect(resetOutcome(answer(400, {}), context)).toEqual({ kind: 'error', message: '400' })
    expect(resetOutcome(answer(500, refused), context)).toEqual({
      kind: 'error',
      message: 'There was a problem with the backend. (500)',
    })
  })

  it('a 403 on reset password shows "There was a problem with the backend. (403)", not the server message', () => {
    const refused = {
      errors: [{ data: { code: 'CROSS_SITE_REQUEST' }, message: 'Cross-site request refused.' }],
    }
    expect(resetOutcome(answer(403, refused), context)).toEqual({
      kind: 'error',
      message: 'There was a problem with the backend. (403)',
    })
  })

  it('shows the network error when the request got no answer', () => {
    const unanswered: BackofficeAnswer = {
      body: null,
      code: undefined,
      message: 'Network error: Failed to fetch',
      ok: false,
      retryAfter: undefined,
      status: 0,
    }
    expect(resetOutcome(unanswered, context)).toEqual({
      kind: 'error',
      message: 'Network error: Failed to fetch',
    })
  })
})
