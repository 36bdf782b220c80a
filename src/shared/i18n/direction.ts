import type { BackofficeTranslationKey } from '../translations/types.js'

import { translationNamespace } from '../translations/index.js'

/**
 * The admin languages Payload lays out right to left (`rtlLanguages` of @payloadcms/translations:
 * Arabic, Persian, Hebrew), which the plugin has no texts in: they read its English ones.
 */
const rightToLeft = new Set(['ar', 'fa', 'he'])

export const isRightToLeft = (language: string): boolean =>
  rightToLeft.has(language.split('-')[0]!.toLowerCase())

/**
 * A field description Payload translates from the plugin's table, set apart as a text of its own
 * direction (Unicode's First Strong Isolate … Pop Directional Isolate, UAX #9 §2.7) in a
 * right-to-left admin. There it reads the English text, and laid out in the page's direction an
 * English sentence shows its full stop at the start of the line; isolated, it keeps it at its end.
 * Payload renders descriptions as plain text with no `dir` of their own.
 */
export const description =
  (key: BackofficeTranslationKey) =>
  ({ i18n, t }: { i18n: { language: string }; t: (key: never) => string }): string => {
    const text = (t as unknown as (key: string) => string)(`${translationNamespace}:${key}`)
    return isRightToLeft(i18n.language) ? `\u2068${text}\u2069` : text
  }
