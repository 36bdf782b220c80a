import type { BackofficeLanguage, BackofficeTranslationTable } from './types.js'

import { de } from './de.js'
import { en } from './en.js'
import { fr } from './fr.js'
import { nl } from './nl.js'

/** Name of the plugin's namespace in Payload's i18n: keys are used as `t('backoffice:errorAccountLocked')`. */
export const translationNamespace = 'backoffice'

export const backofficeTranslations: Record<BackofficeLanguage, BackofficeTranslationTable> = {
  de,
  en,
  fr,
  nl,
}
