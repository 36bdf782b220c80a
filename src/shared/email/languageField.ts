import type { Field } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { description } from '../i18n/direction.js'
import { label } from '../i18n/label.js'
import { backofficeTranslations } from '../translations/index.js'
import { languageFieldName } from './recipientLanguage.js'

/** Endonyms: each language named in itself, as language pickers do. */
const languageNames = { de: 'Deutsch', en: 'English', fr: 'Français', nl: 'Nederlands' } as const

/** Each account's email language, chosen by the person (or an administrator) in the sidebar. */
export const languageField = (options: SanitizedBackofficeOptions): Field => ({
  name: languageFieldName,
  type: 'select',
  admin: { description: description('fieldPreferredLanguageDescription'), position: 'sidebar' },
  defaultValue: options.emails.defaultLanguage,
  label: label('fieldPreferredLanguage'),
  options: (Object.keys(backofficeTranslations) as (keyof typeof languageNames)[]).map((code) => ({
    label: languageNames[code],
    value: code,
  })),
})
