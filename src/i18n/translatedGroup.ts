import type { Config } from 'payload'

import type { BackofficeTranslationKey } from '../translations/types.js'

import { en } from '../translations/en.js'
import { translationNamespace } from '../translations/index.js'

/**
 * A text as a `{ [language]: text }` record, for the few admin settings that take no label
 * function (a collection's `admin.group`). It reads the texts the plugin merged into the config's
 * i18n, so the app's overrides win here as they do everywhere else.
 */
export const translatedGroup = (
  config: Config,
  key: BackofficeTranslationKey,
): Record<string, string> => {
  const texts: Record<string, string> = { en: en[key] }
  for (const [language, namespaces] of Object.entries(config.i18n?.translations ?? {})) {
    const text = (namespaces as Record<string, Record<string, unknown> | undefined> | undefined)?.[
      translationNamespace
    ]?.[key]
    if (typeof text === 'string') {
      texts[language] = text
    }
  }
  return texts
}
