import { describe, expect, it } from 'vitest'

import { errorMessageOf } from '../../src/shared/components/client/backofficeFetch.js'
import { afterSignIn, withRedirect } from '../../src/shared/components/client/loginOutcome.js'
import { en } from '../../src/shared/translations/en.js'
import { nl } from '../../src/shared/translations/nl.js'

describe('where the two-factor views go', () => {
  it('goes on to the redirect parameter after the second factor, else to the admin root', () => {
    expect(afterSignIn('/admin', '/admin/collections/posts')).toBe('/admin/collections/posts')
    expect(afterSignIn('/admin', null)).toBe('/admin')
  })

  it('never leaves the site, whatever the parameter says', () => {
    expect(afterSignIn('/admin', 'https://evil.example/admin')).toBe('/admin')
    expect(afterSignIn('/admin', '//evil.example')).toBe('/admin')
    expect(withRedirect('/admin/login', 'https://evil.example')).toBe('/admin/login')
  })

  it("carries the redirect parameter to the answer's redirectTo", () => {
    expect(withRedirect('/admin/login', '/admin/globals/site')).toBe(
      '/admin/login?redirect=%2Fadmin%2Fglobals%2Fsite',
    )
    expect(withRedirect('/admin/login?x=1', '/admin/a')).toBe(
      '/admin/login?x=1&redirect=%2Fadmin%2Fa',
    )
    expect(withRedirect('/admin/login', null)).toBe('/admin/login')
  })

  it("shows the server's first message, else the fallback", () => {
    expect(errorMessageOf({ errors: [{ message: 'Invalid code.' }] }, 'x')).toBe('Invalid code.')
    expect(errorMessageOf(null, 'fallback')).toBe('fallback')
    expect(errorMessageOf({ errors: [] }, 'fallback')).toBe('fallback')
  })
})

describe('two-factor view texts', () => {
  it('use the specification texts where they say what happens, and say it where they did not', () => {
    // Sentence case, as every other label of the admin.
    expect(en.twoFactorTrustDevice).toBe('Trust this device for {{days}} days')
    // The account was active already: enrolment turns two-factor authentication on.
    expect(en.twoFactorActivate).toBe('Turn on two-factor authentication')
    expect(en.twoFactorAccountActivated).toBe('Two-factor authentication is on')
    expect(en.twoFactorSetupFetchFailed).toBe('Could not load the two-factor setup')
    expect(en.trustedDevicesEmpty).toBe('You have no trusted devices.')
    expect(nl.twoFactorVerify).toBe('Inloggen')
  })
})
