'use client'

import { useTranslation } from '@payloadcms/ui'
import { useCallback } from 'react'

import type { VideoTranslationKey } from '../translations/types.js'

import { interpolate } from '../../shared/lib/interpolate.js'
import { en } from '../translations/en.js'
import { videoTranslationNamespace } from '../translations/index.js'

/**
 * The admin's `t` for the video plugin's own strings, typed against its English table:
 * `const t = useVideoTranslation(); t('videoRetry')`. The same function until the language
 * changes, so effects and callbacks may depend on it. The field is also rendered where the plugin
 * is not installed (to say so), and then the namespace is absent: Payload's `t` answers with the key
 * itself, and the English text is used instead.
 */
export const useVideoTranslation = () => {
  const { t } = useTranslation()
  return useCallback(
    (key: VideoTranslationKey, variables?: Record<string, number | string>): string => {
      const namespaced = `${videoTranslationNamespace}:${key}`
      const text = (t as (key: string, vars?: Record<string, unknown>) => string)(
        namespaced,
        variables,
      )
      return text === namespaced || text === key ? interpolate(en[key], variables) : text
    },
    [t],
  )
}
