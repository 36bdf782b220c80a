import type { BackofficeLanguage, BackofficeTranslationTable } from './types.js'

import { de } from './de.js'
import { en } from './en.js'
import { fr } from './fr.js'
import { nl } from './nl.js'

// Its own file, so that the admin's components can name the namespace without bundling the tables.
export { translationNamespace } from './translationNamespace.js'

export const backofficeTranslations: Record<BackofficeLanguage, BackofficeTranslationTable> = {
  de,
  en,
  fr,
  nl,
}
