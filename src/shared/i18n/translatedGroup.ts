import type { Config } from 'payload'

import type { BackofficeTranslationKey } from '../translations/types.js'

import { en } from '../translations/en.js'
import { translationNamespace } from '../translations/index.js'
import { namespaceGroup } from './namespaceGroup.js'

/**
 * A `backoffice` text as a `{ [language]: text }` record, for the few admin settings that take no
 * label function (a collection's `admin.group`); see `namespaceGroup`.
 */
export const translatedGroup = (
  config: Config,
  key: BackofficeTranslationKey,
): Record<string, string> => namespaceGroup(config, translationNamespace, key, en[key])
