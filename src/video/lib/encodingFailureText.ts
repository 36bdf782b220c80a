import type { VideoTranslationKey } from '../translations/types.js'
import type { VideoRecord } from './videoRecord.js'

import { encodingFailureCode } from './encodingFailureCode.js'
import { encodingFailures } from './encodingFailures.js'
import { encodingStages } from './encodingStages.js'

/**
 * What the video field says of a failed encoding, in the admin's language: the failure's text and,
 * when known, the stage it stopped at ("Encoding failed (step: reading the uploaded file): The file
 * could not be read as a video."). Built from the stored code only, never from tool output.
 */
export const encodingFailureText = (
  transcode: VideoRecord['transcode'],
  translate: (key: VideoTranslationKey, variables?: Record<string, string>) => string,
): string => {
  const reason = translate(
    encodingFailures[encodingFailureCode(transcode?.error) ?? 'VIDEO_ENCODING_FAILED'],
  )
  const stage = transcode?.stage
  return stage && Object.hasOwn(encodingStages, stage)
    ? translate('videoEncodingFailedAt', {
        reason,
        stage: translate(encodingStages[stage as keyof typeof encodingStages]),
      })
    : translate('videoEncodingFailed', { reason })
}
