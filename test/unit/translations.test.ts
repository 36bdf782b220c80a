import { describe, expect, it } from 'vitest'

import { errorCatalogue } from '../../src/errors/catalogue.js'
import { backofficeTranslations } from '../../src/translations/index.js'

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()
const english = backofficeTranslations.en
const languages = Object.keys(backofficeTranslations) as (keyof typeof backofficeTranslations)[]

describe('translation tables', () => {
  it('ship English, German, French and Dutch', () => {
    expect(languages.sort()).toEqual(['de', 'en', 'fr', 'nl'])
  })

  for (const language of languages) {
    describe(language, () => {
      it('has every key of the English table, each with a non-empty text, and no extra keys', () => {
        const table = backofficeTranslations[language] as Record<string, string>
        const missing = Object.keys(english).filter((key) => !table[key]?.trim())
        const extra = Object.keys(table).filter((key) => !(key in english))
        expect({ extra, missing }).toEqual({ extra: [], missing: [] })
      })

      it('keeps the placeholders of the English text in every message', () => {
        const table = backofficeTranslations[language] as Record<string, string>
        const wrong = Object.entries(english)
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

describe('error catalogue', () => {
  it('gives every code a message in the translation tables', () => {
    const withoutText = Object.entries(errorCatalogue)
      .filter(([, entry]) => !(entry.translationKey in english))
      .map(([code]) => code)
    expect(withoutText).toEqual([])
  })

  it('answers with client-error or server-error statuses only, and stable UPPER_SNAKE codes', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/)
      expect(entry.status >= 400 && entry.status <= 599, code).toBe(true)
    }
  })

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
