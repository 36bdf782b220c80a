import type { BackofficeLanguage } from './types.js'

/**
 * The languages the plugin has texts in, without the texts: client components that need to know
 * (which language a sentence will be in) import this, never the tables (tens of kilobytes).
 */
const languages = { de: true, en: true, fr: true, nl: true } satisfies Record<
  BackofficeLanguage,
  true
>

/** Whether the plugin has its own texts in `language`. */
export const isBackofficeLanguage = (language: string): language is BackofficeLanguage =>
  Object.hasOwn(languages, language)
