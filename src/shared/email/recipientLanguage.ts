import type { SanitizedBackofficeOptions } from '../options/types.js'
import type { BackofficeLanguage } from '../translations/types.js'

import { backofficeTranslations } from '../translations/index.js'

/** Name of the field on each account holding the language of the emails it receives. */
export const languageFieldName = 'preferredLanguage'

/** The language of emails to `user`: the one they chose, else the plugin's configured default. */
export const recipientLanguage = (
  user: unknown,
  options: SanitizedBackofficeOptions,
): BackofficeLanguage => {
  const chosen = (user as Record<string, unknown> | null | undefined)?.[languageFieldName]
  return typeof chosen === 'string' && chosen in backofficeTranslations
    ? (chosen as BackofficeLanguage)
    : options.emails.defaultLanguage
}
