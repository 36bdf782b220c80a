import type { BackofficeLanguage } from '../../shared/translations/types.js'
import type { VideoTranslationTable } from './types.js'

import { de } from './de.js'
import { en } from './en.js'
import { fr } from './fr.js'
import { nl } from './nl.js'

/**
 * Name of the video plugin's namespace in Payload's i18n: keys are used as `t('video:videoGroup')`.
 * Its own, beside the back-office's, so the video plugin ships and merges only its texts.
 */
export const videoTranslationNamespace = 'video'

export const videoTranslations: Record<BackofficeLanguage, VideoTranslationTable> = {
  de,
  en,
  fr,
  nl,
}
