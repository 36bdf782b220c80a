// The video plugin's exports at the package's root, kept for one release so apps can move to
// `payload-backoffice/video` at their pace. Importing them from the root loads the whole back-office
// (sign-in, SSO, passkeys and their dependencies); the video entry loads none of it.
import type {
  S3StorageOptions as S3StorageOptionsOfEntry,
  VideoPluginOptions as VideoPluginOptionsOfEntry,
  VideoStorageOptions as VideoStorageOptionsOfEntry,
} from '../video/options/types.js'

import {
  videoField as videoFieldOfEntry,
  type VideoFieldOptions as VideoFieldOptionsOfEntry,
} from '../video/fields/videoField.js'
import { videoPlaybackUrls as videoPlaybackUrlsOfEntry } from '../video/playback/videoPlaybackUrls.js'
import { importVideoFile as importVideoFileOfEntry } from '../video/upload/importVideoFile.js'
import { videoPlugin as videoPluginOfEntry } from '../video/videoPlugin.js'

/** @deprecated Import `videoPlugin` from `payload-backoffice/video`; the root export will be removed. */
export const videoPlugin = videoPluginOfEntry
/** @deprecated Import `videoField` from `payload-backoffice/video`; the root export will be removed. */
export const videoField = videoFieldOfEntry
/** @deprecated Import `videoPlaybackUrls` from `payload-backoffice/video`; the root export will be removed. */
export const videoPlaybackUrls = videoPlaybackUrlsOfEntry
/** @deprecated Import `importVideoFile` from `payload-backoffice/video`; the root export will be removed. */
export const importVideoFile = importVideoFileOfEntry
/** @deprecated Import the type from `payload-backoffice/video`; the root export will be removed. */
export type VideoPluginOptions = VideoPluginOptionsOfEntry
/** @deprecated Import the type from `payload-backoffice/video`; the root export will be removed. */
export type VideoFieldOptions = VideoFieldOptionsOfEntry
/** @deprecated Import the type from `payload-backoffice/video`; the root export will be removed. */
export type VideoStorageOptions = VideoStorageOptionsOfEntry
/** @deprecated Import the type from `payload-backoffice/video`; the root export will be removed. */
export type S3StorageOptions = S3StorageOptionsOfEntry
