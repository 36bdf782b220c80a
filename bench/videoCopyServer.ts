/**
 * The baseline of `npm run bench:video`'s upload: the least an HTTP server can do with an upload, in
 * a process of its own like the app's. Each `PUT` body is streamed into a new file in BENCH_COPY_DIR
 * (backpressure from the disk slows the socket down, nothing is buffered), and answered 200 with the
 * byte count. Tells bench/video.ts its port over IPC.
 */
import { createWriteStream } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

process.on('disconnect', () => process.exit(1))

const directory = process.env.BENCH_COPY_DIR!
let files = 0

const server = createServer(async (incoming, outgoing) => {
  try {
    const file = path.join(directory, `copy-${++files}`)
    await pipeline(incoming, createWriteStream(file))
    outgoing.setHeader('content-type', 'application/json')
    outgoing.end(JSON.stringify({ file }))
  } catch (error) {
    outgoing.statusCode = 500
    outgoing.end(String(error))
  }
})
server.listen(0, '127.0.0.1', () => {
  process.send!({ port: (server.address() as { port: number }).port })
})
