import { describe, expect, it } from 'vitest'

import { networkErrorMessage } from '../../src/shared/components/client/backofficeFetch.js'
import { loginOutcome } from '../../src/shared/components/client/loginOutcome.js'
import { en } from '../../src/shared/translations/en.js'

const t = (key: 'loginBackendProblem' | 'loginNetworkError', variables: Record<string, string>) =>
  en[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => variables[name] ?? '')
const context = (redirect: null | string = null) => ({ adminRoute: '/admin', redirect, t })

describe('where the login form goes after a successful sign-in', () => {
  it("follows the response's redirectTo, with the redirect parameter appended", () => {
    expect(
      loginOutcome(200, { redirectTo: '/admin/2fa' }, context('/admin/collections/pages')),
    ).toEqual({
      kind: 'redirect',
      to: '/admin/2fa?redirect=%2Fadmin%2Fcollections%2Fpages',
    })
    expect(loginOutcome(200, { redirectTo: '/admin/2fa?step=1' }, context('/admin/x'))).toEqual({
      kind: 'redirect',
      to: '/admin/2fa?step=1&redirect=%2Fadmin%2Fx',
    })
  })

  it('else goes to the redirect parameter, else to the admin root', () => {
    expect(loginOutcome(200, { user: {} }, context('/admin/collections/posts'))).toEqual({
      kind: 'redirect',
      to: '/admin/collections/posts',
    })
    expect(loginOutcome(200, null, context())).toEqual({ kind: 'redirect', to: '/admin' })
  })

  it('never leaves the site, whatever the parameter or the response says', () => {
    for (const hostile of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(loginOutcome(200, { redirectTo: hostile }, context(hostile))).toEqual({
        kind: 'redirect',
        to: '/admin',
      })
    }
  })
})

describe('what the login form shows when sign-in fails', () => {
  it('shows the first server message for 400, 401 and 403, or the status when there is none', () => {
    for (const status of [400, 401, 403]) {
      expect(
        loginOutcome(status, { errors: [{ message: 'Nope.' }, { message: 'Second' }] }, context()),
      ).toEqual({
        kind: 'error',
        message: 'Nope.',
      })
      expect(loginOutcome(status, {}, context())).toEqual({
        kind: 'error',
        message: String(status),
      })
    }
  })

  it('shows the backend message with the status for anything else', () => {
    expect(loginOutcome(500, { errors: [{ message: 'secret detail' }] }, context())).toEqual({
      kind: 'error',
      message: 'There was a problem with the backend. (500)',
    })
    expect(loginOutcome(429, null, context()).kind).toBe('error')
  })

  it('names a network failure', () => {
    expect(networkErrorMessage(new TypeError('Failed to fetch'), t)).toBe(
      'Network error: Failed to fetch',
    )
  })
})
