import type { VideoTranslationKey } from '../translations/types.js'

/**
 * The stages an encoding goes through, each with the translation key of its name: where a failed
 * encoding stopped is what tells an editor whether the file or the server is at fault.
 */
export const encodingStages = {
  download: 'videoStageDownload',
  encode: 'videoStageEncode',
  probe: 'videoStageProbe',
  publish: 'videoStagePublish',
} as const satisfies Record<string, VideoTranslationKey>

export type EncodingStage = keyof typeof encodingStages
