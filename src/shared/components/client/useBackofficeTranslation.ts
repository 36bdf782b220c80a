'use client'

import { useTranslation } from '@payloadcms/ui'
import { useCallback } from 'react'

import type { BackofficeTranslationKey } from '../../translations/types.js'

import { translationNamespace } from '../../translations/translationNamespace.js'

/**
 * The admin's `t` for the plugin's own strings, typed against the English table:
 * `const t = useBackofficeTranslation(); t('errorAccountLocked')`. The same function until the
 * language changes, so effects and callbacks may depend on it.
 */
export const useBackofficeTranslation = () => {
  const { t } = useTranslation()
  return useCallback(
    (key: BackofficeTranslationKey, variables?: Record<string, number | string>): string =>
      (t as (key: string, vars?: Record<string, unknown>) => string)(
        `${translationNamespace}:${key}`,
        variables,
      ),
    [t],
  )
}
