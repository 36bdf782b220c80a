import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import type { S3StorageOptions } from '../options/types.js'

import { contentTypeOf } from '../lib/mediaTypes.js'

/** S3 limits a presigned URL to seven days (SigV4, `X-Amz-Expires` at most 604800). */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600

/**
 * The video storage on S3 (or any S3-compatible store): the same layout as on disk,
 * `{prefix}{id}/source` and `{prefix}{id}/out/…`. The AWS SDK is loaded only when S3 is configured,
 * so apps on local disk need not install it (it is an optional peer dependency).
 */
export const s3Store = (storage: S3StorageOptions) => {
  const sdk = (async () => {
    // Left to Node at run time: a bundler (Next's webpack or Turbopack) bundling the app's Payload
    // config must not fail on an optional package an app on local disk never installed.
    const [s3, presigner] = await Promise.all([
      import(/* webpackIgnore: true */ /* turbopackIgnore: true */ '@aws-sdk/client-s3'),
      import(/* webpackIgnore: true */ /* turbopackIgnore: true */ '@aws-sdk/s3-request-presigner'),
    ])
    return { client: new s3.S3Client(storage.config), presigner, s3 }
  })()
  const key = (videoId: number | string, file: string) =>
    `${storage.prefix}${String(videoId)}/${file}`

  return {
    /**
     * A presigned PUT of the source: the content type is signed, and the length when known, so S3
     * refuses another type or size, and the bytes go from the browser to the bucket without passing
     * through the app. Without a length S3 takes up to 5 GiB in one PUT; the app checks the stored
     * size when it completes the upload (`completeFromBucket`).
     */
    presignUpload: async (
      videoId: number | string,
      {
        expiresSeconds,
        mimeType,
        size,
      }: { expiresSeconds: number; mimeType: string; size: null | number },
    ) => {
      const { client, presigner, s3 } = await sdk
      return presigner.getSignedUrl(
        client,
        new s3.PutObjectCommand({
          Bucket: storage.bucket,
          ContentLength: size ?? undefined,
          ContentType: mimeType,
          Key: key(videoId, 'source'),
        }),
        {
          expiresIn: Math.min(MAX_PRESIGN_SECONDS, expiresSeconds),
          signableHeaders: new Set(['content-type']),
        },
      )
    },

    /**
     * Opens a multipart upload of the source (CreateMultipartUpload), with the type S3 will serve it
     * with. Answers its upload id, which every part and the completion name.
     */
    createMultipartUpload: async (videoId: number | string, mimeType: string): Promise<string> => {
      const { client, s3 } = await sdk
      const created = await client.send(
        new s3.CreateMultipartUploadCommand({
          Bucket: storage.bucket,
          ContentType: mimeType,
          Key: key(videoId, 'source'),
        }),
      )
      if (!created.UploadId) {
        throw new Error(
          'payload-backoffice video: the bucket opened a multipart upload without an id.',
        )
      }
      return created.UploadId
    },

    /**
     * A presigned UploadPart: its length is signed (the SDK signs `Content-Length` when the command
     * has one), so the bucket refuses a part of any other size, and the parts can only add up to
     * the announced size.
     */
    presignPart: async (
      videoId: number | string,
      {
        contentLength,
        expiresSeconds,
        partNumber,
        uploadId,
      }: { contentLength: number; expiresSeconds: number; partNumber: number; uploadId: string },
    ) => {
      const { client, presigner, s3 } = await sdk
      return presigner.getSignedUrl(
        client,
        new s3.UploadPartCommand({
          Bucket: storage.bucket,
          ContentLength: contentLength,
          Key: key(videoId, 'source'),
          PartNumber: partNumber,
          UploadId: uploadId,
        }),
        { expiresIn: Math.max(1, Math.min(MAX_PRESIGN_SECONDS, Math.floor(expiresSeconds))) },
      )
    },

    /**
     * Assembles the parts into the source (CompleteMultipartUpload). The bucket checks each ETag
     * against the part it holds (`InvalidPart`) and every part but the last against the 5 MiB
     * minimum (`EntityTooSmall`). Answers false when the bucket refuses the list (a 4xx: a part
     * missing or not matching, an upload no longer open); other failures throw.
     */
    completeMultipartUpload: async (
      videoId: number | string,
      uploadId: string,
      parts: { etag: string; partNumber: number }[],
    ): Promise<boolean> => {
      const { client, s3 } = await sdk
      try {
        await client.send(
          new s3.CompleteMultipartUploadCommand({
            Bucket: storage.bucket,
            Key: key(videoId, 'source'),
            MultipartUpload: {
              Parts: parts.map(({ etag, partNumber }) => ({ ETag: etag, PartNumber: partNumber })),
            },
            UploadId: uploadId,
          }),
        )
        return true
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
          ?.httpStatusCode
        if (status !== undefined && status >= 400 && status < 500) {
          return false
        }
        throw error
      }
    },

    /**
     * Multipart uploads still open under the prefix (ListMultipartUploads, every page), or only
     * those of one video. Parts of an open upload are stored, and billed, until it is completed or
     * aborted (docs.aws.amazon.com/AmazonS3/latest/userguide/mpuoverview.html).
     */
    openUploads: async (videoId?: number | string) => {
      const { client, s3 } = await sdk
      const uploads: { initiated?: Date; key: string; uploadId: string }[] = []
      let keyMarker: string | undefined
      let uploadIdMarker: string | undefined
      for (;;) {
        const listed = await client.send(
          new s3.ListMultipartUploadsCommand({
            Bucket: storage.bucket,
            KeyMarker: keyMarker,
            Prefix: videoId === undefined ? storage.prefix : key(videoId, ''),
            UploadIdMarker: uploadIdMarker,
          }),
        )
        for (const upload of listed.Uploads ?? []) {
          if (upload.Key && upload.UploadId) {
            uploads.push({
              initiated: upload.Initiated,
              key: upload.Key,
              uploadId: upload.UploadId,
            })
          }
        }
        if (!listed.IsTruncated) {
          return uploads
        }
        keyMarker = listed.NextKeyMarker
        uploadIdMarker = listed.NextUploadIdMarker
      }
    },

    /** The video a key under the prefix belongs to, or null for a key outside the layout. */
    videoIdOfKey: (objectKey: string): null | string => {
      const prefix = storage.prefix ?? ''
      const match = /^([^/]+)\/source$/.exec(objectKey.slice(prefix.length))
      return objectKey.startsWith(prefix) && match ? match[1]! : null
    },

    /** Aborts a multipart upload: the bucket drops its parts, and its part URLs stop working. */
    abortUpload: async (objectKey: string, uploadId: string) => {
      const { client, s3 } = await sdk
      await client.send(
        new s3.AbortMultipartUploadCommand({
          Bucket: storage.bucket,
          Key: objectKey,
          UploadId: uploadId,
        }),
      )
    },

    /** Bytes of the uploaded source in the bucket, 0 when there is none. */
    sourceSize: async (videoId: number | string): Promise<number> => {
      const { client, s3 } = await sdk
      try {
        const head = await client.send(
          new s3.HeadObjectCommand({ Bucket: storage.bucket, Key: key(videoId, 'source') }),
        )
        return head.ContentLength ?? 0
      } catch {
        return 0
      }
    },

    /** Puts a local file in the bucket as a video's source (an import from the server's disk). */
    uploadSource: async (videoId: number | string, file: string, mimeType: string) => {
      const { client, s3 } = await sdk
      const { size } = await stat(file)
      await client.send(
        new s3.PutObjectCommand({
          Body: createReadStream(file),
          Bucket: storage.bucket,
          ContentLength: size,
          ContentType: mimeType,
          Key: key(videoId, 'source'),
        }),
      )
    },

    /** Deletes the source alone (one of another size than announced, or above the maximum). */
    removeSource: async (videoId: number | string) => {
      const { client, s3 } = await sdk
      await client.send(
        new s3.DeleteObjectCommand({ Bucket: storage.bucket, Key: key(videoId, 'source') }),
      )
    },

    /** Copies the source to a local file for ffmpeg. */
    download: async (videoId: number | string, file: string) => {
      const { client, s3 } = await sdk
      const object = await client.send(
        new s3.GetObjectCommand({ Bucket: storage.bucket, Key: key(videoId, 'source') }),
      )
      await mkdir(path.dirname(file), { recursive: true })
      await pipeline(object.Body as Readable, createWriteStream(file))
    },

    /**
     * Uploads a finished output folder, each file with its content type and caching, as S3 serves
     * them back on GET (S3 returns what was stored at PutObject).
     */
    publish: async (videoId: number | string, localDir: string) => {
      const { client, s3 } = await sdk
      const files = (await readdir(localDir, { recursive: true, withFileTypes: true })).filter(
        (entry) => entry.isFile(),
      )
      for (const entry of files) {
        const absolute = path.join(entry.parentPath, entry.name)
        const relative = path.relative(localDir, absolute).split(path.sep).join('/')
        await client.send(
          new s3.PutObjectCommand({
            Body: await readFile(absolute),
            Bucket: storage.bucket,
            ContentType: contentTypeOf(entry.name) ?? 'application/octet-stream',
            Key: key(videoId, `out/${relative}`),
          }),
        )
      }
    },

    /** Replaces a small output file (data.json after an edit). */
    putText: async (videoId: number | string, file: string, text: string) => {
      const { client, s3 } = await sdk
      await client.send(
        new s3.PutObjectCommand({
          Body: text,
          Bucket: storage.bucket,
          ContentType: contentTypeOf(file) ?? 'text/plain',
          Key: key(videoId, `out/${file}`),
        }),
      )
    },

    /** A small output file's text (a playlist, data.json), or null when it is missing. */
    readText: async (videoId: number | string, file: string): Promise<null | string> => {
      const { client, s3 } = await sdk
      try {
        const object = await client.send(
          new s3.GetObjectCommand({ Bucket: storage.bucket, Key: key(videoId, `out/${file}`) }),
        )
        return (await object.Body?.transformToString('utf8')) ?? null
      } catch {
        return null
      }
    },

    /** A presigned GET of an output file, for a redirect: S3 serves the bytes and the ranges. */
    presignDownload: async (videoId: number | string, file: string, expiresSeconds: number) => {
      const { client, presigner, s3 } = await sdk
      return presigner.getSignedUrl(
        client,
        new s3.GetObjectCommand({ Bucket: storage.bucket, Key: key(videoId, `out/${file}`) }),
        { expiresIn: Math.max(1, Math.min(MAX_PRESIGN_SECONDS, Math.floor(expiresSeconds))) },
      )
    },

    /** Deletes every object of a video (source and outputs). */
    removeVideo: async (videoId: number | string) => {
      const { client, s3 } = await sdk
      for (;;) {
        const listed = await client.send(
          new s3.ListObjectsV2Command({ Bucket: storage.bucket, Prefix: key(videoId, '') }),
        )
        const keys = (listed.Contents ?? []).flatMap((object) =>
          object.Key ? [{ Key: object.Key }] : [],
        )
        if (keys.length === 0) {
          return
        }
        for (const { Key } of keys) {
          await client.send(new s3.DeleteObjectCommand({ Bucket: storage.bucket, Key }))
        }
      }
    },
  }
}

export type S3Store = ReturnType<typeof s3Store>

/** One S3 store per options object: its client (and connection pool) is shared by every request. */
const stores = new WeakMap<S3StorageOptions, S3Store>()
export const s3StoreFor = (storage: S3StorageOptions): S3Store => {
  let store = stores.get(storage)
  if (!store) {
    store = s3Store(storage)
    stores.set(storage, store)
  }
  return store
}
