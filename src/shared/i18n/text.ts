import type { Config, PayloadRequest, SanitizedConfig } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'
import type { BackofficeTranslationKey } from '../translations/types.js'

import { interpolate } from '../lib/interpolate.js'
import { pluginOptionsKey } from '../options/getPluginOptions.js'
import { backofficeTranslations, translationNamespace } from '../translations/index.js'

export type TextVariables = Readonly<Record<string, number | string>>

/** The `backoffice` texts of one language in a config's i18n (or Payload's `i18n.translations`). */
const namespaceIn = (namespaces: unknown): Record<string, unknown> | undefined =>
  (namespaces as Record<string, Record<string, unknown> | undefined> | undefined)?.[
    translationNamespace
  ]

const textIn = (table: unknown, key: BackofficeTranslationKey): string | undefined => {
  const text = (table as Record<string, unknown> | undefined)?.[key]
  return typeof text === 'string' ? text : undefined
}

/**
 * One of the plugin's texts in `language`, with its `{{name}}` placeholders filled, for what the server
 * writes outside the admin's own rendering: emails, the misuse-report page, endpoint messages.
 *
 * It reads the tables the plugin merged into the config's i18n (shipped < the `translations` option <
 * the app's `i18n.translations[lang].backoffice`), as Payload's `t` does in the admin. An email can be
 * in a language the admin does not offer (the recipient chose it), whose table the plugin did not
 * merge; the same precedence is then applied here. A key missing in that language falls back to the
 * English text, overrides included.
 */
export const backofficeText = (
  config: Pick<Config | SanitizedConfig, 'custom' | 'i18n'>,
  language: string,
  key: BackofficeTranslationKey,
  variables?: TextVariables,
): string => {
  const tables = (config.i18n?.translations ?? {}) as Record<string, unknown>
  const options = (config.custom as Record<string, unknown> | undefined)?.[pluginOptionsKey] as
    Pick<SanitizedBackofficeOptions, 'translations'> | undefined
  const template =
    textIn(namespaceIn(tables[language]), key) ??
    textIn(options?.translations[language], key) ??
    textIn(backofficeTranslations[language as keyof typeof backofficeTranslations], key) ??
    textIn(namespaceIn(tables.en), key) ??
    backofficeTranslations.en[key]
  return interpolate(template, variables)
}

/** `backofficeText` in the language Payload chose for this request (its `Accept-Language` or cookie). */
export const requestText = (
  req: Pick<PayloadRequest, 'i18n' | 'payload'>,
  key: BackofficeTranslationKey,
  variables?: TextVariables,
): string => backofficeText(req.payload.config, req.i18n.language, key, variables)

/**
 * The server components' counterpart of `useBackofficeTranslation`, for code that holds only the
 * request's `i18n`: Payload's `t` reads the same merged tables (`config.i18n.translations[language]`).
 */
export const getBackofficeTranslation = (i18n: { t: (...args: never[]) => string }) => {
  const translate = i18n.t as unknown as (key: string, vars?: Record<string, unknown>) => string
  return (key: BackofficeTranslationKey, variables?: TextVariables): string =>
    translate(`${translationNamespace}:${key}`, variables)
}
