import type { SanitizedConfig } from 'payload'

import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { appendFile, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'

import type { CookieJar } from './cookieJar.js'

import { type RestClient, restHandlers } from './restClient.js'

const run = promisify(execFile)

/**
 * A short clip made by ffmpeg from its test sources (lavfi `testsrc2` and `sine`), small enough for
 * a 2-core CI: a few seconds at 640x360. Variants stand for what phones and editors send.
 */
export const makeClip = async (
  directory: string,
  name: string,
  {
    audio = true,
    grain = false,
    oddSize = false,
    rotate,
    seconds = 2,
    size = '640x360',
    variableFrameRate = false,
  }: {
    audio?: boolean
    /**
     * Moving grain over the pattern, coded losslessly: megabytes a second, as a camera's high
     * bitrate gives, so even a short clip's upload spans several chunks.
     */
    grain?: boolean
    /** 641x361 in 4:4:4, which H.264 in 4:2:0 cannot hold as it is. */
    oddSize?: boolean
    /** Degrees in the display matrix, as a phone filming upright writes. */
    rotate?: number
    seconds?: number
    size?: string
    /** 30 fps for a second, then 10 fps: a variable frame rate, as phones record. */
    variableFrameRate?: boolean
  } = {},
): Promise<string> => {
  const file = path.join(directory, name)
  const filters = [
    ...(oddSize ? ['scale=641:361'] : []),
    ...(grain ? ['noise=alls=60:allf=t'] : []),
    ...(variableFrameRate ? ["select='lt(n\\,30)+not(mod(n\\,3))'"] : []),
  ]
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=${variableFrameRate ? 30 : 25}`,
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'] : []),
    '-t',
    String(seconds),
    ...(filters.length ? ['-vf', filters.join(',')] : []),
    ...(variableFrameRate ? ['-fps_mode', 'vfr'] : []),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    ...(grain ? ['-qp', '0'] : []),
    '-pix_fmt',
    oddSize ? 'yuv444p' : 'yuv420p',
    ...(audio ? ['-c:a', 'aac', '-shortest'] : []),
    rotate === undefined ? file : `${file}.upright.mp4`,
  ])
  if (rotate !== undefined) {
    // ffmpeg 5.1 writes a display matrix from `rotate` metadata only when copying the stream.
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      `${file}.upright.mp4`,
      '-c',
      'copy',
      '-metadata:s:v:0',
      `rotate=${rotate}`,
      file,
    ])
  }
  return file
}

/** Bytes that are no video at all, with a video's name. */
export const makeBrokenFile = async (directory: string, name: string): Promise<string> => {
  const file = path.join(directory, name)
  await writeFile(file, randomBytes(64 * 1024))
  return file
}

/** What ffprobe says of a file or playlist: its streams' codec, size and the container's duration. */
export const probe = async (target: string) => {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    target,
  ])
  return JSON.parse(stdout) as {
    format: { duration?: string }
    streams: {
      codec_name: string
      codec_type: string
      height?: number
      side_data_list?: { rotation?: number }[]
      width?: number
    }[]
  }
}

/**
 * A request with any body (bytes or a stream) to a URL of the app, through the same REST route
 * handlers Next mounts at /api, answering the raw `Response`: what a browser's `fetch` or `XHR`
 * would receive from the signed upload URL or a playback URL.
 */
export const rawRequest = async (
  config: Promise<SanitizedConfig> | SanitizedConfig,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  {
    body,
    cookies,
    headers = {},
  }: {
    body?: ReadableStream<Uint8Array> | Uint8Array
    cookies?: CookieJar
    headers?: Record<string, string>
  } = {},
): Promise<Response> => {
  const target = new URL(url, 'http://localhost:3000')
  const requestHeaders = new Headers(headers)
  const cookie = cookies?.header(target.pathname)
  if (cookie) {
    requestHeaders.set('cookie', cookie)
    requestHeaders.set('sec-fetch-site', 'same-origin')
  }
  const request = new Request(target, {
    body,
    headers: requestHeaders,
    method,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit)
  const slug = target.pathname
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
  return restHandlers[method](config)(request, { params: Promise.resolve({ slug }) })
}

/**
 * A body that sends `bytes` and then fails, as a connection dropped mid-upload does. The failure
 * comes on the next read: `error()` would discard bytes still queued, which a real connection has
 * already delivered.
 */
export const droppedAfter = (bytes: Uint8Array): ReadableStream<Uint8Array> => {
  let sent = false
  return new ReadableStream({
    pull(controller) {
      if (sent) {
        controller.error(new Error('connection dropped'))
        return
      }
      sent = true
      controller.enqueue(bytes)
    },
  })
}

/**
 * Pads an MP4 with a top-level `free` box (ISO/IEC 14496-12, "Free Space Box"), which players and
 * ffmpeg skip: the file stays a valid video of the size the test needs. Answers its bytes.
 */
export const padClip = async (file: string, total: number): Promise<Buffer> => {
  const { size } = await stat(file)
  const box = Buffer.alloc(total - size)
  box.writeUInt32BE(total - size, 0)
  box.write('free', 4, 'latin1')
  await appendFile(file, box)
  return readFile(file)
}

/**
 * Uploads a file as the admin's modal does, as a signed-in staff client: the upload request, then
 * one PUT of the bytes to the signed URL. Answers the video's id.
 */
export const uploadVideo = async (
  config: Promise<SanitizedConfig> | SanitizedConfig,
  staff: RestClient,
  file: string,
  { visibility = 'public' }: { visibility?: 'private' | 'public' } = {},
): Promise<number> => {
  const bytes = await readFile(file)
  const created = await staff.request<{ signedUrl: string; videoId: number }>(
    'PUT',
    '/video/videos/upload',
    {
      body: {
        extension: 'mp4',
        mimeType: 'video/mp4',
        size: bytes.length,
        title: path.basename(file),
        visibility,
      },
    },
  )
  if (created.status !== 200) {
    throw new Error(`the upload request answered ${created.status}`)
  }
  const stored = await rawRequest(config, 'PUT', created.body.signedUrl, {
    body: bytes,
    headers: { 'content-type': 'video/mp4' },
  })
  if (stored.status !== 200) {
    throw new Error(`the signed upload URL answered ${stored.status}`)
  }
  return created.body.videoId
}
