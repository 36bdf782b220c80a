import type { CollectionSlug, Endpoint, PayloadRequest } from 'payload'

import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'

import type { SanitizedVideoOptions } from '../options/types.js'

import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { errorResponse } from '../../shared/errors/errorResponse.js'
import { VideoError } from '../errors/VideoError.js'
import { resolveByteRange } from '../lib/byteRange.js'
import { contentTypeOf } from '../lib/mediaTypes.js'
import { withQueryOnEveryUri } from '../lib/playlist.js'
import { playbackTokenSecondsLeft } from '../playback/playbackToken.js'
import { localStore } from '../storage/localStore.js'
import { s3StoreFor } from '../storage/s3Store.js'
import { videoIdParam } from './videoIdParam.js'

/** File and folder names a transcode writes; nothing else (no `..`, no source) is ever served. */
const FILE_NAME = /^[\w-]{1,64}\.(jpg|json|m3u8|m4s|mp4|ts|vtt)$/
const RUNG_FOLDER = /^\d{2,4}p$/

const YEAR_SECONDS = 365 * 24 * 3600
/** A private file may be cached by the holder's browser, never for longer than an hour or its token. */
const PRIVATE_MAX_SECONDS = 3600
/**
 * Playlists and `data.json` of a public video are cached briefly: making the video private later
 * must not leave its playlists in shared caches for a year. Segments, poster and preview never
 * change once a video is COMPLETE (a new encoding gets new segment names only after a failure,
 * when nothing was served), so they are cached for good (RFC 8246 `immutable`).
 */
const cacheControl = (fileName: string, privateSeconds: null | number) => {
  if (privateSeconds !== null) {
    return `private, max-age=${Math.min(PRIVATE_MAX_SECONDS, privateSeconds)}`
  }
  return /\.(m3u8|json)$/.test(fileName)
    ? 'public, max-age=300'
    : `public, max-age=${YEAR_SECONDS}, immutable`
}

/**
 * The same from S3: playlists and `data.json` are read and answered by the app (a private video's
 * playlists need the token written into them); every other file is a redirect to a presigned GET,
 * so segments, poster and preview come straight from the bucket, ranges included. Relative URIs in
 * the playlists still resolve against the app, which checks the token before each redirect.
 */
const serveFromBucket = async (
  req: PayloadRequest,
  storage: Parameters<typeof s3StoreFor>[0],
  {
    file,
    id,
    privateSeconds,
    relative,
    token,
  }: {
    file: string
    id: number | string
    privateSeconds: null | number
    relative: string
    token: null | string
  },
): Promise<Response> => {
  const store = s3StoreFor(storage)
  if (/\.(m3u8|json)$/.test(file)) {
    const text = await store.readText(id, relative)
    if (text === null) {
      throw new BackofficeError('NOT_FOUND', { req })
    }
    const body =
      file.endsWith('.m3u8') && privateSeconds !== null && token
        ? withQueryOnEveryUri(text, 'token', token)
        : text
    return new Response(body, {
      headers: {
        'Cache-Control': cacheControl(file, privateSeconds),
        'Content-Type': contentTypeOf(file)!,
        'X-Content-Type-Options': 'nosniff',
      },
      status: 200,
    })
  }
  const lifetime = Math.min(PRIVATE_MAX_SECONDS, privateSeconds ?? PRIVATE_MAX_SECONDS)
  return new Response(null, {
    headers: {
      // The redirect may be reused only while its presigned URL is valid.
      'Cache-Control': `private, max-age=${Math.max(0, lifetime - 60)}`,
      Location: await store.presignDownload(id, relative, lifetime),
    },
    status: 302,
  })
}

/**
 * Serves one file of a COMPLETE video: public videos to anyone, private ones only with a live
 * playback token for that video (`?token=`). A private video's playlists are rewritten so every URI
 * in them carries the token on. Other files honour a single `Range` (RFC 9110 §14), which seeking in
 * the MP4 preview needs.
 */
const serveFile = (options: SanitizedVideoOptions) => async (req: PayloadRequest) => {
  const id = videoIdParam(req, options.collections.videos)
  const { file = '', folder } = (req.routeParams ?? {}) as { file?: string; folder?: string }
  const contentType = contentTypeOf(file)
  if (
    !FILE_NAME.test(file) ||
    !contentType ||
    (folder !== undefined && !RUNG_FOLDER.test(folder))
  ) {
    throw new BackofficeError('NOT_FOUND', { req })
  }
  const video = (await req.payload.findByID({
    collection: options.collections.videos as CollectionSlug,
    depth: 0,
    disableErrors: true,
    id,
    overrideAccess: true,
  })) as null | { status?: string; visibility?: string }
  if (!video || video.status !== 'COMPLETE') {
    throw new VideoError('VIDEO_NOT_FOUND', { req })
  }
  const token = req.searchParams.get('token')
  const privateSeconds =
    video.visibility === 'public' ? null : playbackTokenSecondsLeft(req.payload.secret, token, id)
  if (video.visibility !== 'public' && privateSeconds === null) {
    throw new VideoError('VIDEO_PLAYBACK_DENIED', { req })
  }
  const relative = [...(folder ? [folder] : []), file].join('/')
  if (options.storage.type === 's3') {
    return serveFromBucket(req, options.storage, { file, id, privateSeconds, relative, token })
  }
  const filePath = path.join(
    localStore(options.storage.directory).outputDir(id),
    ...relative.split('/'),
  )
  const info = await stat(filePath).catch(() => null)
  if (!info?.isFile()) {
    throw new BackofficeError('NOT_FOUND', { req })
  }
  const headers = new Headers({
    'Accept-Ranges': 'bytes',
    'Cache-Control': cacheControl(file, privateSeconds),
    'Content-Type': contentType,
    'X-Content-Type-Options': 'nosniff',
  })
  if (file.endsWith('.m3u8')) {
    const playlist = await readFile(filePath, 'utf8')
    const body =
      privateSeconds !== null && token ? withQueryOnEveryUri(playlist, 'token', token) : playlist
    headers.delete('Accept-Ranges')
    return new Response(body, { headers, status: 200 })
  }
  const range = resolveByteRange(req.headers.get('range'), info.size)
  if (range === 'unsatisfiable') {
    const refusal = errorResponse(req, new VideoError('VIDEO_RANGE_NOT_SATISFIABLE', { req }))
    refusal.headers.set('Content-Range', `bytes */${info.size}`)
    return refusal
  }
  const { end, start } = range ?? { end: info.size - 1, start: 0 }
  headers.set('Content-Length', String(end - start + 1))
  if (range) {
    headers.set('Content-Range', `bytes ${start}-${end}/${info.size}`)
  }
  const stream = Readable.toWeb(
    createReadStream(filePath, { end, start }),
  ) as ReadableStream<Uint8Array>
  return new Response(stream, { headers, status: range ? 206 : 200 })
}

/**
 * `GET {api}/{mount}/videos/:id/{file}` (master playlist, poster, preview, data.json) and
 * `GET {api}/{mount}/videos/:id/{rung}/{file}` (a rendition's playlist, init segment and segments).
 */
export const serveFileEndpoints = (options: SanitizedVideoOptions): Endpoint[] => [
  backofficeEndpoint({
    handler: serveFile(options),
    method: 'get',
    path: `/${options.mount}/videos/:id/:file`,
  }),
  backofficeEndpoint({
    handler: serveFile(options),
    method: 'get',
    path: `/${options.mount}/videos/:id/:folder/:file`,
  }),
]
