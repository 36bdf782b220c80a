import type { Config } from 'payload'

import { mergeNamespace } from '../../shared/i18n/mergeNamespace.js'
import { videoTranslationNamespace, videoTranslations } from './index.js'

/**
 * Adds the `video` namespace to every admin language the app supports; what the app already put
 * under `i18n.translations[lang].video` wins over the shipped texts.
 */
export const mergeVideoTranslations = (i18n: Config['i18n']): NonNullable<Config['i18n']> =>
  mergeNamespace(i18n, videoTranslationNamespace, videoTranslations)
