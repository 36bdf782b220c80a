/**
 * One app process for multi-process tests: the dev app's Payload behind a plain Node HTTP server that
 * hands each request to the same REST route handlers Next mounts at /api. Started with tsx by
 * `startAppServers`; prints `{"port": N}` once it listens on loopback.
 */
import { createServer } from 'node:http'
import { getPayload } from 'payload'

import { restHandlers } from './restClient.js'

const { default: configPromise } = await import('../../dev/payload.config.js')
const config = await configPromise
await getPayload({ config })

const server = createServer(async (incoming, outgoing) => {
  const chunks: Buffer[] = []
  for await (const chunk of incoming) {
    chunks.push(chunk as Buffer)
  }
  const url = new URL(incoming.url ?? '/', 'http://127.0.0.1')
  const method = (incoming.method ?? 'GET') as keyof typeof restHandlers
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === 'string') headers.set(name, value)
  }
  // What Next does for a direct connection: the socket's address as X-Forwarded-For.
  if (!headers.has('x-forwarded-for'))
    headers.set('x-forwarded-for', incoming.socket.remoteAddress ?? '')
  const request = new Request(url, {
    body: chunks.length ? Buffer.concat(chunks) : undefined,
    headers,
    method,
  })
  const slug = url.pathname
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
  const response = await restHandlers[method](config)(request, {
    params: Promise.resolve({ slug }),
  })
  outgoing.statusCode = response.status
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') outgoing.setHeader(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) outgoing.setHeader('set-cookie', cookies)
  outgoing.end(Buffer.from(await response.arrayBuffer()))
})
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as { port: number }).port }))
})
