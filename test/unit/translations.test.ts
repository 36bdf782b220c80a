import { describe, expect, it } from 'vitest'

import { errorCatalogue } from '../../src/shared/errors/catalogue.js'
import { backofficeTranslations } from '../../src/shared/translations/index.js'
import { videoErrorCatalogue } from '../../src/video/errors/videoErrorCatalogue.js'
import { videoTranslations } from '../../src/video/translations/index.js'

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()
const english = backofficeTranslations.en
const languages = Object.keys(backofficeTranslations) as (keyof typeof backofficeTranslations)[]

/** Each namespace the package ships, with its tables and the catalogue whose texts it holds. */
const namespaces = [
  { catalogue: errorCatalogue, name: 'backoffice', tables: backofficeTranslations },
  { catalogue: videoErrorCatalogue, name: 'video', tables: videoTranslations },
] as const

describe.each(namespaces)('translation tables of the $name namespace', ({ tables }) => {
  const source = tables.en as Record<string, string>

  it('ship English, German, French and Dutch', () => {
    expect(Object.keys(tables).sort()).toEqual(['de', 'en', 'fr', 'nl'])
  })

  for (const language of languages) {
    describe(language, () => {
      it('has every key of the English table, each with a non-empty text, and no extra keys', () => {
        const table = tables[language] as Record<string, string>
        const missing = Object.keys(source).filter((key) => !table[key]?.trim())
        const extra = Object.keys(table).filter((key) => !(key in source))
        expect({ extra, missing }).toEqual({ extra: [], missing: [] })
      })

      it('keeps the placeholders of the English text in every message', () => {
        const table = tables[language] as Record<string, string>
        const wrong = Object.entries(source)
          .filter(
            ([key, text]) =>
              JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(table[key] ?? '')),
          )
          .map(([key]) => key)
        expect(wrong).toEqual([])
      })
    })
  }
})

describe.each(namespaces)('error catalogue of the $name namespace', ({ catalogue, tables }) => {
  it('gives every code a message in the translation tables', () => {
    const withoutText = Object.entries(catalogue)
      .filter(([, entry]) => !(entry.translationKey in tables.en))
      .map(([code]) => code)
    expect(withoutText).toEqual([])
  })

  it('answers with client-error or server-error statuses only, and stable UPPER_SNAKE codes', () => {
    for (const [code, entry] of Object.entries(catalogue)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/)
      expect(entry.status >= 400 && entry.status <= 599, code).toBe(true)
    }
  })
})

describe('the video namespace', () => {
  it('holds the video texts alone: no key of it is left in the back-office tables', () => {
    expect(Object.keys(videoTranslations.en).filter((key) => key in english)).toEqual([])
  })

  it('has its own error codes: none is also a back-office code', () => {
    expect(Object.keys(videoErrorCatalogue).filter((code) => code in errorCatalogue)).toEqual([])
  })
})

describe('back-office error texts', () => {
  it('uses the specification English texts word for word', () => {
    expect(english.errorAuthenticationRequired).toBe(
      'Authentication required. Please login or provide a valid MFA token.',
    )
    expect(english.errorInsufficientPermissions).toBe(
      'Insufficient permissions. Required role: {{role}}',
    )
    expect(english.errorTotpRateLimited).toBe('TOTP rate limited. Try again in {{seconds}} seconds')
    expect(english.errorEmailInvalid).toBe('The email address is invalid.')
    expect(english.errorPasswordRequired).toBe('Password is required.')
    expect(english.errorPasswordRequirementsNotMet).toBe('Password does not meet requirements.')
  })
})
