import type { CollectionSlug, Payload, TaskConfig } from 'payload'

import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'

import type { SanitizedVideoOptions } from '../options/types.js'

import { localStore, sizeOf } from '../storage/localStore.js'
import { s3StoreFor } from '../storage/s3Store.js'
import { scheduleUnlessWaiting } from './scheduleUnlessWaiting.js'
import { takeOverStalledEncodes } from './takeOverStalledEncodes.js'

const reconcileTaskSlug = 'backofficeVideoReconcile'

type Report = {
  /** Videos whose worker died on their last allowed attempt, now in ERROR (`VIDEO_WORKER_LOST`). */
  abandoned: string[]
  /** Folders in storage that belong to no video, removed. */
  orphanFolders: string[]
  /**
   * Upload part files whose signed URL has expired, so they can never complete, removed; on S3 the
   * keys of open multipart uploads aborted for the same reason, or because their video is gone.
   */
  stalePartFiles: string[]
  /** Videos whose worker died, queued again. */
  requeued: string[]
  /** Videos the database calls COMPLETE, PROGRESSING or ERROR whose files are gone. */
  videosMissingFiles: string[]
}

type StorageReport = Omit<Report, 'abandoned' | 'requeued'>

const foldersIn = async (directory: string): Promise<string[]> => {
  try {
    return (await readdir(directory, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  } catch {
    return []
  }
}

/**
 * Compares storage with the database, as a hosted service's "sync" would: a folder with no video
 * (a video deleted while a request was still writing, a database restored from an older backup) is
 * removed; a part file whose upload URL has expired is removed, since nobody can finish it; a video
 * whose files are missing is reported (in the job's output and the log), never deleted: it is the
 * editor's record, and its files may come back with the storage's own backup.
 */
const reconcile = async (
  payload: Payload,
  options: SanitizedVideoOptions,
): Promise<StorageReport> => {
  const store = localStore(options.storage.directory)
  const report: StorageReport = { orphanFolders: [], stalePartFiles: [], videosMissingFiles: [] }
  const { docs } = await payload.find({
    collection: options.collections.videos as CollectionSlug,
    depth: 0,
    pagination: false,
    select: { createdAt: true, status: true },
  })
  const videos = new Map(
    docs.map((video) => [String(video.id), video as { createdAt: string; status?: string }]),
  )
  for (const folder of await foldersIn(options.storage.directory)) {
    if (!videos.has(folder)) {
      await rm(path.join(options.storage.directory, folder), { force: true, recursive: true })
      report.orphanFolders.push(folder)
    }
  }
  const uploadWindowMs = options.uploadUrlHours * 3600 * 1000
  for (const [id, video] of videos) {
    if (video.status === 'NO_FILE') {
      const part = store.partPath(id)
      const expired = Date.parse(video.createdAt) + uploadWindowMs < Date.now()
      if (expired && (await stat(part).catch(() => null))) {
        await rm(part, { force: true })
        report.stalePartFiles.push(id)
      }
      continue
    }
    const missing =
      video.status === 'COMPLETE'
        ? (await sizeOf(path.join(store.outputDir(id), 'master.m3u8'))) === 0
        : (await sizeOf(store.sourcePath(id))) === 0
    if (missing) {
      report.videosMissingFiles.push(id)
    }
  }
  if (report.videosMissingFiles.length > 0) {
    payload.logger.warn(
      `payload-backoffice video: these videos have lost their files: ${report.videosMissingFiles.join(', ')}.`,
    )
  }
  return report
}

/**
 * On S3: aborts the multipart uploads nobody can finish any more (their URL expired, their video is
 * gone or has its file), whose parts the bucket would otherwise keep, and bill, for ever
 * (docs.aws.amazon.com/AmazonS3/latest/userguide/mpu-abort-incomplete-mpu-lifecycle-config.html).
 * The bucket's AbortIncompleteMultipartUpload lifecycle rule does the same on AWS's side; this also
 * covers stores without one. A store without ListMultipartUploads is skipped with a warning.
 */
const abortStaleUploads = async (
  payload: Payload,
  options: SanitizedVideoOptions,
): Promise<string[]> => {
  const { storage } = options
  if (storage.type !== 's3') {
    return []
  }
  const store = s3StoreFor(storage)
  const aborted: string[] = []
  try {
    const uploads = await store.openUploads()
    const ids = [...new Set(uploads.flatMap((upload) => store.videoIdOfKey(upload.key) ?? []))]
    const { docs } =
      ids.length === 0
        ? { docs: [] }
        : await payload.find({
            collection: options.collections.videos as CollectionSlug,
            depth: 0,
            pagination: false,
            select: { status: true },
            where: { id: { in: ids } },
          })
    const waiting = new Set(
      (docs as { id: number | string; status?: string }[])
        .filter((video) => video.status === 'NO_FILE')
        .map((video) => String(video.id)),
    )
    const expiredBefore = Date.now() - options.uploadUrlHours * 3600 * 1000
    for (const upload of uploads) {
      const videoId = store.videoIdOfKey(upload.key)
      const expired = (upload.initiated?.getTime() ?? 0) < expiredBefore
      if (videoId !== null && (expired || !waiting.has(videoId))) {
        await store.abortUpload(upload.key, upload.uploadId)
        aborted.push(upload.key)
      }
    }
  } catch (error) {
    payload.logger.warn({
      err: error,
      msg: 'payload-backoffice video: could not list the open multipart uploads of the bucket; its AbortIncompleteMultipartUpload lifecycle rule is the remaining safeguard.',
    })
  }
  return aborted
}

/**
 * The reconciliation, in the video queue, on two schedules: every `takeoverCron` (30 s) it queues
 * again the encodes whose worker died (`takeOverStalledEncodes`); daily at `reconcileCron` it also
 * compares storage with the database. Like every scheduled job it is queued and run only where the
 * queue runs (`payload jobs:run --queue video --handle-schedules`, or the app with `autoRun`).
 */
export const reconcileTask = (
  options: SanitizedVideoOptions,
): TaskConfig<{ input: { scope?: 'storage' | 'takeover' }; output: Report }> => ({
  slug: reconcileTaskSlug,
  // Registered even when the plugin is disabled (the jobs schema must not depend on it); then it
  // touches nothing.
  handler: async ({ input, req }) => {
    const empty: StorageReport = { orphanFolders: [], stalePartFiles: [], videosMissingFiles: [] }
    if (!options.enabled) {
      return { output: { ...empty, abandoned: [], requeued: [] } }
    }
    const takeovers = await takeOverStalledEncodes(req.payload, options)
    if (input?.scope === 'takeover') {
      return { output: { ...empty, ...takeovers } }
    }
    // On S3 the bucket's own lifecycle rules are the tool for stray objects; this compares the disk,
    // and on S3 aborts the multipart uploads that can no longer complete.
    const storage =
      options.storage.type === 'local'
        ? await reconcile(req.payload, options)
        : { ...empty, stalePartFiles: await abortStaleUploads(req.payload, options) }
    return { output: { ...storage, ...takeovers } }
  },
  outputSchema: [
    { name: 'abandoned', type: 'json', required: true },
    { name: 'orphanFolders', type: 'json', required: true },
    { name: 'requeued', type: 'json', required: true },
    { name: 'stalePartFiles', type: 'json', required: true },
    { name: 'videosMissingFiles', type: 'json', required: true },
  ],
  retries: 1,
  schedule: [
    {
      cron: options.reconcileCron,
      hooks: { beforeSchedule: scheduleUnlessWaiting('storage') },
      queue: options.queue,
    },
    {
      cron: options.takeoverCron,
      hooks: { beforeSchedule: scheduleUnlessWaiting('takeover') },
      queue: options.queue,
    },
  ],
})
