import type { Config } from 'payload'

import type { BackofficeTranslationOverrides } from '../translations/types.js'

import { backofficeTranslations, translationNamespace } from '../translations/index.js'
import { mergeNamespace } from './mergeNamespace.js'

/**
 * Adds the `backoffice` namespace to every admin language the app supports (see `mergeNamespace`
 * for the precedence: shipped < the plugin's `translations` option < the app's own).
 */
export const mergeTranslations = (
  i18n: Config['i18n'],
  overrides: BackofficeTranslationOverrides,
): NonNullable<Config['i18n']> =>
  mergeNamespace(i18n, translationNamespace, backofficeTranslations, overrides)
