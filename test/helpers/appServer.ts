/**
 * One app process for multi-process tests: the dev app's Payload behind a plain Node HTTP server that
 * hands each request to the same REST route handlers Next mounts at /api. Started with tsx by
 * `startAppServers`; prints `{"port": N}` once it listens on loopback.
 */
import { getPayload } from 'payload'

import { restServer } from './restServer.js'

const { default: configPromise } = await import('../../dev/payload.config.js')
const config = await configPromise
await getPayload({ config })

const server = restServer(config)
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as { port: number }).port }))
})
