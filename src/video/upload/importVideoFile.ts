import type { CollectionSlug, Payload } from 'payload'

import { copyFile, mkdir, stat } from 'node:fs/promises'

import { getVideoOptions } from '../options/getVideoOptions.js'
import { localStore } from '../storage/localStore.js'
import { s3StoreFor } from '../storage/s3Store.js'
import { startEncoding } from './startEncoding.js'
import { newUploadNonce } from './uploadTarget.js'

/**
 * Adds a video from a file on the server's disk, as an upload through the admin would: the video
 * is created, the file copied into the video storage (the folder, or the bucket), and its transcode
 * queued. For imports from an older system and for the sandbox's seed. Answers the new video's id.
 */
export const importVideoFile = async (
  payload: Payload,
  {
    file,
    mimeType = 'video/mp4',
    title,
    visibility = 'private',
  }: { file: string; mimeType?: string; title: string; visibility?: 'private' | 'public' },
): Promise<number | string> => {
  const options = getVideoOptions(payload)
  const { size } = await stat(file)
  const nonce = newUploadNonce()
  const video = await payload.create({
    collection: options.collections.videos as CollectionSlug,
    data: {
      source: { extension: file.split('.').pop()?.toLowerCase() ?? '', mimeType, size },
      status: 'NO_FILE',
      title,
      uploadNonce: nonce,
      visibility,
    } as never,
    depth: 0,
  })
  const { storage } = options
  if (storage.type === 's3') {
    await s3StoreFor(storage).uploadSource(video.id, file, mimeType)
  } else {
    const store = localStore(storage.directory)
    await mkdir(store.folder(video.id), { recursive: true })
    await copyFile(file, store.sourcePath(video.id))
  }
  await startEncoding(payload, options, { nonce, videoId: video.id })
  return video.id
}
