import type { Config, PayloadRequest } from 'payload'

import { describe, expect, it } from 'vitest'

import type { BackofficePluginOptions } from '../../src/shared/options/types.js'

import { backofficePlugin } from '../../src/plugin.js'
import { backofficeText, requestText } from '../../src/shared/i18n/text.js'
import { backofficeTranslations } from '../../src/shared/translations/index.js'

const { de, en } = backofficeTranslations

/** A config as an app writes it, passed through the plugin as Payload does. */
const appConfig = ({
  i18n,
  options,
}: {
  i18n?: Config['i18n']
  options?: BackofficePluginOptions
}): Config =>
  backofficePlugin(options)({
    collections: [{ slug: 'users', auth: true, fields: [] }],
    i18n,
  } as unknown as Config) as Config

describe('backofficeText', () => {
  it('gives the shipped text when nobody rewords it', () => {
    const config = appConfig({})
    expect(backofficeText(config, 'en', 'emailUnsuspendedSubject')).toBe(en.emailUnsuspendedSubject)
  })

  it("prefers the plugin's translations option to the shipped text", () => {
    const config = appConfig({
      options: { translations: { en: { emailUnsuspendedSubject: 'You can sign in again' } } },
    })
    expect(backofficeText(config, 'en', 'emailUnsuspendedSubject')).toBe('You can sign in again')
  })

  it("prefers the app's i18n.translations[lang].backoffice to the option", () => {
    const config = appConfig({
      i18n: {
        translations: { en: { backoffice: { emailUnsuspendedSubject: 'Welcome back' } } },
      } as Config['i18n'],
      options: { translations: { en: { emailUnsuspendedSubject: 'You can sign in again' } } },
    })
    expect(backofficeText(config, 'en', 'emailUnsuspendedSubject')).toBe('Welcome back')
    // Keys neither of them rewords keep the shipped text.
    expect(backofficeText(config, 'en', 'emailUnsuspendedBody')).toBe(en.emailUnsuspendedBody)
  })

  it('applies the same precedence to an email language the admin does not offer', () => {
    // The admin is English only, so the plugin merged no German table; a recipient chose German.
    const optionOnly = appConfig({
      options: { translations: { de: { emailUnsuspendedSubject: 'Wieder freigeschaltet' } } },
    })
    expect(backofficeText(optionOnly, 'de', 'emailUnsuspendedSubject')).toBe(
      'Wieder freigeschaltet',
    )
    expect(backofficeText(optionOnly, 'de', 'emailUnsuspendedBody')).toBe(de.emailUnsuspendedBody)

    const appAndOption = appConfig({
      i18n: {
        translations: { de: { backoffice: { emailUnsuspendedSubject: 'Willkommen zurück' } } },
      } as Config['i18n'],
      options: { translations: { de: { emailUnsuspendedSubject: 'Wieder freigeschaltet' } } },
    })
    expect(backofficeText(appAndOption, 'de', 'emailUnsuspendedSubject')).toBe('Willkommen zurück')
  })

  it("falls back to English, the app's English included, for a key missing in the language", () => {
    const config = appConfig({
      i18n: {
        translations: {
          en: { backoffice: { emailUnsuspendedSubject: 'Welcome back' } },
          // An app's own table for a language the plugin ships nothing for, covering one key.
          eo: { backoffice: { emailUnsuspendedBody: 'Via konto estas malbarita.' } },
        },
      } as unknown as Config['i18n'],
    })
    expect(backofficeText(config, 'eo', 'emailUnsuspendedBody')).toBe('Via konto estas malbarita.')
    expect(backofficeText(config, 'eo', 'emailUnsuspendedSubject')).toBe('Welcome back')
    expect(backofficeText(config, 'eo', 'emailSuspendedSubject')).toBe(en.emailSuspendedSubject)
  })

  it('fills every {{name}} placeholder and leaves unknown ones as written', () => {
    const config = appConfig({
      options: {
        translations: { en: { emailUnsuspendedBody: '{{email}} / {{email}} / {{missing}}' } },
      },
    })
    expect(backofficeText(config, 'en', 'emailUnsuspendedBody', { email: 'ada@example.com' })).toBe(
      'ada@example.com / ada@example.com / {{missing}}',
    )
    expect(backofficeText(config, 'en', 'emailExpiryHours', { hours: 3 })).toBe('3 hours')
  })
})

describe('requestText', () => {
  it("answers in the request's language, from the app's config", () => {
    const config = appConfig({
      i18n: {
        supportedLanguages: { de: {}, en: {} },
        translations: { de: { backoffice: { unblockAccountSuccess: 'Konto wieder offen' } } },
      } as unknown as Config['i18n'],
    })
    const req = (language: string) =>
      ({ i18n: { language }, payload: { config } }) as unknown as PayloadRequest
    expect(requestText(req('de'), 'unblockAccountSuccess')).toBe('Konto wieder offen')
    expect(requestText(req('en'), 'unblockAccountSuccess')).toBe(en.unblockAccountSuccess)
    expect(requestText(req('de'), 'errorMfaRequired')).toBe(de.errorMfaRequired)
  })
})
