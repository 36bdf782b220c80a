import type { Config } from 'payload'

type I18nConfig = NonNullable<Config['i18n']>
type TranslationsByLanguage = NonNullable<I18nConfig['translations']>
type Texts = Record<string, string>

/**
 * Adds one of the package's namespaces (`backoffice`, `video`) to every admin language the app
 * supports. Languages without shipped texts (Arabic, say) get the English ones rather than raw keys.
 * Precedence, lowest first: the shipped table, `overrides` (a plugin's `translations` option), then
 * whatever the app (or a plugin before this one) already put under `i18n.translations[lang][namespace]`,
 * so an integrator's own overrides always win.
 */
export const mergeNamespace = (
  i18n: Config['i18n'],
  namespace: string,
  shipped: { en: Texts } & Record<string, Texts>,
  overrides: Partial<Record<string, Partial<Texts>>> = {},
): I18nConfig => {
  const existing: TranslationsByLanguage = i18n?.translations ?? {}
  const languages = new Set<string>(['en', ...Object.keys(i18n?.supportedLanguages ?? {})])
  const translations: Record<string, Record<string, unknown>> = { ...existing }

  for (const language of languages) {
    const current =
      (existing as Record<string, Record<string, unknown> | undefined>)[language] ?? {}
    const currentNamespace = (current[namespace] ?? {}) as Texts
    translations[language] = {
      ...current,
      [namespace]: {
        ...(shipped[language] ?? shipped.en),
        ...overrides[language],
        ...currentNamespace,
      },
    }
  }

  return { ...i18n, translations: translations as TranslationsByLanguage }
}
