import type { Server } from 'node:http'

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
export const specVideoClient = (server: Server, cookies: Map<string, string>) => {
  const address = server.address() as { port: number }
  const reach = (url: string) => {
    const target = new URL(url, APP_ORIGIN)
    if (target.origin === APP_ORIGIN) {
      target.host = `127.0.0.1:${address.port}`
    }
    return target
  }
  const credentials = () => ({
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
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
        headers: { ...credentials(), 'content-type': 'application/json' },
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
      const answer = await fetch(reach('/api/video/videos'), { headers: credentials() })
      return (await answer.json()) as {
        docs: { id: number; src: { abr: { url: null | string } }; status: string }[]
      }
    },
    /** A GET of an app URL (a playlist), with the staff member's cookie. */
    get: (url: string) => fetch(reach(url), { headers: credentials(), redirect: 'manual' }),
  }
}
