import type { Server } from 'node:http'
import type { VideoPluginOptions } from 'payload-backoffice/video'

import { copyFile, mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { CookieJar } from './cookieJar.js'

import { restServer } from './restServer.js'
import { startTestPayload } from './testPayload.js'
import { makeClip, padClip } from './video.js'

/** The app's `serverURL` in tests; its signed URLs and API routes start with it. */
const APP_ORIGIN = 'http://localhost:3000'

/**
 * A client of the video upload written from the upload API's table alone, over real HTTP:
 * `PUT {api}/{mount}/videos/upload` with title, slug (derived from the title), visibility,
 * extension and mimeType, and no other field (no size); then `PUT {signedUrl}` with the raw file
 * and its type as Content-Type, 200 meaning success; then the video list the widget reloads. The
 * app's calls carry the staff member's cookie, as a browser on the admin's origin sends them; the
 * signed URL needs none. `server` is the app behind `restServer`, where the app's own origin
 * (`http://localhost:3000`) leads, as a host name would.
 */
const specVideoClient = (server: Server, cookies: CookieJar) => {
  const address = server.address() as { port: number }
  const reach = (url: string) => {
    const target = new URL(url, APP_ORIGIN)
    if (target.origin === APP_ORIGIN) {
      target.host = `127.0.0.1:${address.port}`
    }
    return target
  }
  const credentials = (url: string) => ({
    cookie: cookies.header(new URL(url, APP_ORIGIN).pathname) ?? '',
    origin: APP_ORIGIN,
    'sec-fetch-site': 'same-origin',
  })
  // The slug helper: lower case, spaces to dashes, non-word characters stripped.
  const slugOf = (title: string) =>
    title
      .toLowerCase()
      .replace(/\s+/g, '-')
      .replace(/[^\w-]+/g, '')

  return {
    /** The upload request; answers the HTTP status and the parsed body. */
    requestUpload: async (
      file: { extension: string; mimeType: string; title: string },
      extra: Record<string, unknown> = {},
    ) => {
      const answer = await fetch(reach('/api/video/videos/upload'), {
        body: JSON.stringify({
          extension: file.extension,
          mimeType: file.mimeType,
          slug: slugOf(file.title),
          title: file.title,
          visibility: 'public',
          ...extra,
        }),
        headers: { ...credentials('/api/video/videos/upload'), 'content-type': 'application/json' },
        method: 'PUT',
      })
      return {
        body: (await answer.json()) as {
          errors?: { data: { code: string } }[]
          signedUrl: string
          videoId: number
        },
        status: answer.status,
      }
    },
    /** The raw file, PUT to the signed URL with its type; answers the status. */
    putFile: async (signedUrl: string, bytes: Uint8Array, mimeType: string) => {
      const answer = await fetch(reach(signedUrl), {
        body: new Uint8Array(bytes),
        headers: { 'content-type': mimeType },
        method: 'PUT',
      })
      const text = await answer.text()
      return { status: answer.status, text }
    },
    /** The video list (the configured video list URL): docs with id, title, status, visibility. */
    list: async () => {
      const answer = await fetch(reach('/api/video/videos'), {
        headers: credentials('/api/video/videos'),
      })
      return (await answer.json()) as {
        docs: { id: number; src: { abr: { url: null | string } }; status: string }[]
      }
    },
    /** A GET of an app URL (a playlist), with the staff member's cookie. */
    get: (url: string) => fetch(reach(url), { headers: credentials(url), redirect: 'manual' }),
  }
}

const MiB = 1024 ** 2

/**
 * What both storages' spec-client tests start from: the app with `videoOptions`, its first user
 * signed in as staff, the app behind `restServer` with the spec client, and three real clips: as
 * made, padded to 3 MiB, and padded one byte past 4 MiB (the tests' lowered maximum).
 */
export const startSpecUploadApp = async (videoOptions: VideoPluginOptions) => {
  const app = await startTestPayload({ videoOptions })
  const staff = app.client()
  const registered = await staff.post('/users/first-register', {
    email: 'staff@example.com',
    password: 'a-long-and-unusual-passphrase-42',
  })
  if (registered.status !== 200) {
    throw new Error(`first-register answered ${registered.status}`)
  }
  const server = restServer(app.config)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const scratch = await mkdtemp(path.join(tmpdir(), 'video-spec-'))
  const clip = await makeClip(scratch, 'clip.mp4')
  const padded = async (name: string, bytes: number) => {
    await copyFile(clip, path.join(scratch, name))
    return padClip(path.join(scratch, name), bytes)
  }
  return {
    app,
    client: specVideoClient(server, staff.cookies),
    clips: {
      large: await padded('large.mp4', 3 * MiB),
      small: await readFile(clip),
      tooLarge: await padded('too-large.mp4', 4 * MiB + 1),
    },
    /** The staff member's own client, for the app's other calls. */
    staff,
    close: async () => {
      await new Promise((resolve) => server.close(resolve))
      await app.close()
    },
  }
}
