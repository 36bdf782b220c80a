'use client'

import { useTranslation } from '@payloadcms/ui'

import type { BackofficeTranslationKey } from '../../translations/types.js'

import { translationNamespace } from '../../translations/index.js'

/**
 * The admin's `t` for the plugin's own strings, typed against the English table:
 * `const t = useBackofficeTranslation(); t('errorAccountLocked')`.
 */
export const useBackofficeTranslation = () => {
  const { t } = useTranslation()
  const translate = t as (key: string, vars?: Record<string, unknown>) => string
  return (key: BackofficeTranslationKey, variables?: Record<string, number | string>): string =>
    translate(`${translationNamespace}:${key}`, variables)
}
