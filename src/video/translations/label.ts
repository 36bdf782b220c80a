import type { VideoTranslationKey } from './types.js'

import { namespaceLabel } from '../../shared/i18n/namespaceLabel.js'
import { videoTranslationNamespace } from './index.js'

/**
 * A field, option or collection label that Payload translates into the admin's language from the
 * video plugin's tables: `label: label('videoFieldTitle')`.
 */
export const label = namespaceLabel<VideoTranslationKey>(videoTranslationNamespace)
