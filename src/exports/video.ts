// The video plugin on its own entry, `payload-backoffice/video`: importing it loads the video
// plugin and the shared request and error helpers, none of the back-office's sign-in capabilities.
export { type VideoErrorCode, videoErrorCatalogue } from '../video/errors/videoErrorCatalogue.js'
export { VideoError } from '../video/errors/VideoError.js'
export { videoField, type VideoFieldOptions } from '../video/fields/videoField.js'
export type {
  S3StorageOptions,
  VideoPluginOptions,
  VideoStorageOptions,
} from '../video/options/types.js'
export { videoPlaybackUrls } from '../video/playback/videoPlaybackUrls.js'
export { importVideoFile } from '../video/upload/importVideoFile.js'
export { videoTranslations, videoTranslationNamespace } from '../video/translations/index.js'
export type { VideoTranslationKey, VideoTranslationTable } from '../video/translations/types.js'
export { videoPlugin } from '../video/videoPlugin.js'
