'use client'

import { useTranslation } from '@payloadcms/ui'
import { useCallback } from 'react'

import type { VideoTranslationKey } from '../translations/types.js'

import { videoTranslationNamespace } from '../translations/index.js'

/**
 * The admin's `t` for the video plugin's own strings, typed against its English table:
 * `const t = useVideoTranslation(); t('videoRetry')`. The same function until the language
 * changes, so effects and callbacks may depend on it.
 */
export const useVideoTranslation = () => {
  const { t } = useTranslation()
  return useCallback(
    (key: VideoTranslationKey, variables?: Record<string, number | string>): string =>
      (t as (key: string, vars?: Record<string, unknown>) => string)(
        `${videoTranslationNamespace}:${key}`,
        variables,
      ),
    [t],
  )
}
