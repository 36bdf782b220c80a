import type { SanitizedConfig } from 'payload'

import { createServer, type Server } from 'node:http'

import { restHandlers } from './restClient.js'

/**
 * A plain Node HTTP server that hands each request to the REST route handlers Next mounts at /api:
 * the app without Next, for tests and benches that run several app processes. The request body is
 * handed on as the socket's stream, as Next does (undici's `Request` reads the IncomingMessage on
 * demand), so an upload of gigabytes measures the app's memory, not this harness's.
 */
export const restServer = (config: SanitizedConfig): Server =>
  createServer(async (incoming, outgoing) => {
    try {
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
        body: method === 'GET' || method === 'DELETE' ? undefined : incoming,
        duplex: 'half',
        headers,
        method,
      } as RequestInit)
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
    } catch (error) {
      // The harness's own failure, not the app's answer: shown as such.
      outgoing.statusCode = 500
      outgoing.end(`restServer: ${String(error)}`)
    }
  })
