import type { Config } from 'payload'

import type {
  BackofficeTranslationOverrides,
  BackofficeTranslationTable,
} from '../translations/types.js'

import { backofficeTranslations, translationNamespace } from '../translations/index.js'

type I18nConfig = NonNullable<Config['i18n']>
type TranslationsByLanguage = NonNullable<I18nConfig['translations']>

const shippedTable = (language: string): BackofficeTranslationTable =>
  backofficeTranslations[language as keyof typeof backofficeTranslations] ??
  backofficeTranslations.en

/**
 * Adds the `backoffice` namespace to every admin language the app supports. Languages the plugin has no
 * texts for (Arabic, say) get the English ones rather than raw keys. Precedence, lowest first: the
 * shipped table, the plugin's `translations` option, then whatever the app already put under
 * `i18n.translations[lang].backoffice`, so an integrator's own overrides always win.
 */
export const mergeTranslations = (
  i18n: Config['i18n'],
  overrides: BackofficeTranslationOverrides,
): I18nConfig => {
  const existing: TranslationsByLanguage = i18n?.translations ?? {}
  const languages = new Set<string>(['en', ...Object.keys(i18n?.supportedLanguages ?? {})])
  const translations: Record<string, Record<string, unknown>> = { ...existing }

  for (const language of languages) {
    const current =
      (existing as Record<string, Record<string, unknown> | undefined>)[language] ?? {}
    const currentNamespace = (current[translationNamespace] ?? {}) as Record<string, string>
    translations[language] = {
      ...current,
      [translationNamespace]: {
        ...shippedTable(language),
        ...overrides[language],
        ...currentNamespace,
      },
    }
  }

  return { ...i18n, translations: translations as TranslationsByLanguage }
}
