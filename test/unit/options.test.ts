import { describe, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'

import { mergeTranslations } from '../../src/shared/i18n/mergeTranslations.js'
import { defaults } from '../../src/shared/options/defaults.js'
import { sanitizeOptions } from '../../src/shared/options/sanitize.js'

describe('sanitizeOptions', () => {
  it('fills every option with its default', () => {
    expect(sanitizeOptions()).toEqual(defaults)
    expect(sanitizeOptions({})).toMatchObject({
      apiKeys: { enabled: false },
      enabled: true,
      lockout: { baseDelaySeconds: 30, maxDelaySeconds: 3600, suspendAfter: 20, threshold: 5 },
      roles: { admin: 'admin', field: 'roles' },
      translations: {},
      trustProxy: false,
      usersCollection: 'users',
    })
  })

  it('keeps what the integrator set', () => {
    expect(sanitizeOptions({ enabled: false, usersCollection: 'staff' })).toMatchObject({
      enabled: false,
      usersCollection: 'staff',
    })
  })

  it('turns API keys on only for a literal true', () => {
    expect(sanitizeOptions({ apiKeys: { enabled: true } }).apiKeys).toEqual({ enabled: true })
    expect(sanitizeOptions({ apiKeys: { enabled: 'true' as never } }).apiKeys).toEqual({
      enabled: false,
    })
    expect(sanitizeOptions({ apiKeys: {} }).apiKeys).toEqual({ enabled: false })
  })

  it('rejects an empty users collection slug at config time', () => {
    expect(() => sanitizeOptions({ usersCollection: '' as never })).toThrow(/usersCollection/)
  })

  it('rejects lockout numbers that cannot work', () => {
    expect(() => sanitizeOptions({ lockout: { threshold: 0 } })).toThrow(/lockout.threshold/)
    expect(() => sanitizeOptions({ lockout: { baseDelaySeconds: 1.5 } })).toThrow(
      /baseDelaySeconds/,
    )
    expect(() =>
      sanitizeOptions({ lockout: { baseDelaySeconds: 60, maxDelaySeconds: 30 } }),
    ).toThrow(/maxDelaySeconds/)
    expect(() => sanitizeOptions({ lockout: { suspendAfter: 5, threshold: 5 } })).toThrow(
      /suspendAfter/,
    )
  })

  it('merges partial nested options over the defaults', () => {
    expect(sanitizeOptions({ lockout: { threshold: 3 }, roles: { field: 'role' } })).toMatchObject({
      lockout: { baseDelaySeconds: 30, threshold: 3 },
      roles: { admin: 'admin', field: 'role' },
    })
  })
})

describe('mergeTranslations', () => {
  it('adds the backoffice namespace to every supported language, English where none is shipped', () => {
    const i18n = mergeTranslations({ supportedLanguages: { ar: {}, de: {}, en: {} } as never }, {})
    const translations = i18n.translations as Record<string, { backoffice: Record<string, string> }>
    expect(translations.de!.backoffice.errorAccountLocked).toBe('Konto gesperrt.')
    expect(translations.ar!.backoffice.errorAccountLocked).toBe('Account locked.')
    expect(translations.en!.backoffice.errorAccountLocked).toBe('Account locked.')
  })

  it("lets the app's own translations win over the plugin option, and the option over the shipped text", () => {
    const i18n = mergeTranslations(
      {
        supportedLanguages: { en: {} } as never,
        translations: {
          en: {
            backoffice: { errorUserNotFound: 'No such person.' },
            general: { x: 'kept' },
          } as never,
        },
      },
      { en: { errorAccountLocked: 'Locked out.', errorUserNotFound: 'Ignored: the app wins.' } },
    )
    const en = (i18n.translations as Record<string, Json>).en
    expect(en.backoffice.errorUserNotFound).toBe('No such person.')
    expect(en.backoffice.errorAccountLocked).toBe('Locked out.')
    expect(en.backoffice.errorMfaRequired).toBe('MFA required')
    expect(en.general.x).toBe('kept')
  })
})
