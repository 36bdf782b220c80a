import type { BackofficeTranslationKey } from '../translations/types.js'

import { translationNamespace } from '../translations/index.js'
import { namespaceLabel } from './namespaceLabel.js'

/**
 * A field, option or collection label that Payload translates into the admin's language from the
 * plugin's tables: `label: label('fieldLockoutUntil')`.
 */
export const label = namespaceLabel<BackofficeTranslationKey>(translationNamespace)
