'use client'

import { formatFilesize } from 'payload/shared'

import type { UploadFailureReason } from '../lib/uploadFailureReason.js'
import type { useVideoTranslation } from './useVideoTranslation.js'

/**
 * What the modal says when an upload failed: why, in the admin's language, and what to do next.
 * Sizes are written as the admin writes file sizes (KB, MB, GB). Without the limit the server
 * allows, a file too large gets the general message rather than a sentence with a gap.
 */
export const uploadFailureMessage = (
  t: ReturnType<typeof useVideoTranslation>,
  reason: UploadFailureReason,
  { limit, name, size }: { limit?: unknown; name: string; size: number },
): string => {
  switch (reason) {
    case 'network':
      return t('videoUploadFailedNetwork', { name })
    case 'notVideo':
      return t('videoUploadFailedNotVideo', { name })
    case 'sessionEnded':
      return t('videoUploadFailedSessionEnded', { name })
    case 'tooLarge':
      return typeof limit === 'number'
        ? t('videoUploadFailedTooLarge', {
            limit: formatFilesize(limit),
            name,
            size: formatFilesize(size),
          })
        : t('videoUploadFailed', { name })
    case 'unknown':
      return t('videoUploadFailed', { name })
  }
}
