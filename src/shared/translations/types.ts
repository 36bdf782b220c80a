import type { en } from './en.js'

/** The languages the plugin ships texts for. Other admin languages fall back to English. */
export type BackofficeLanguage = 'de' | 'en' | 'fr' | 'nl'

export type BackofficeTranslationKey = keyof typeof en

/** One complete language table: every key of the English source, as a plain string. */
export type BackofficeTranslationTable = Record<BackofficeTranslationKey, string>

export type BackofficeTranslationOverrides = Partial<
  Record<string, Partial<BackofficeTranslationTable>>
>
