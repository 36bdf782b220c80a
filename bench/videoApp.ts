/**
 * The app process of `npm run bench:video`, on its own so that its memory is its own: the dev app's
 * Payload with the video plugin (its `autoRun` off, so the transcode runs when bench/video.ts asks,
 * not when a cron tick comes round) behind a plain Node HTTP server that hands each request to the
 * same REST route handlers Next mounts at /api (test/helpers/restServer.ts, which streams request
 * bodies as Next does: a 2 GB upload measures the plugin's memory, not this harness's).
 *
 * Environment (set by bench/video.ts): DATABASE_URL, PAYLOAD_SECRET, MEDIA_DIR, VIDEO_DIR, SERVER_URL.
 */
import type { CollectionSlug } from 'payload'

import { performance } from 'node:perf_hooks'
import { getPayload } from 'payload'

import type { SourceProbe } from '../src/video/lib/probe.js'
import type { AppCommand, AppReply } from './lib/videoProtocol.js'

import { closePayload } from '../dev/database/closePayload.js'
import { sandboxConfig } from '../dev/sandboxConfig.js'
import { getVideoOptions } from '../src/video/options/getVideoOptions.js'
import { restServer } from '../test/helpers/restServer.js'

/** Resolves once the message is handed to the IPC channel, so exiting right after loses nothing. */
const reply = (message: AppReply) =>
  new Promise<void>((resolve, reject) =>
    process.send!(message, undefined, {}, (error) => (error ? reject(error) : resolve())),
  )

// The parent gone (killed, or crashed past its clean-up) leaves nothing running behind it.
process.on('disconnect', () => process.exit(1))

const bootStarted = performance.now()
const config = await sandboxConfig({ videoOptions: { autoRun: false }, withBackoffice: true })
// Payload spawns `payload generate:types` on start outside production: a second process busy for
// seconds, which could overlap the first measurement. The types are of no use here.
config.typescript = { ...config.typescript, autoGenerate: false }
const payload = await getPayload({ config })
const options = getVideoOptions(payload)

const server = restServer(config)
const port = await new Promise<number>((resolve) =>
  server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
)

process.on('message', async (command: AppCommand) => {
  try {
    if (command.type === 'stop') {
      server.close()
      server.closeAllConnections()
      await closePayload(payload)
      await reply({ type: 'stopped' })
      process.exit(0)
    }
    const started = performance.now()
    await payload.jobs.run({ queue: command.queue, silent: true })
    const ms = performance.now() - started
    const video = (await payload.findByID({
      collection: options.collections.videos as CollectionSlug,
      depth: 0,
      id: command.videoId,
      showHiddenFields: true,
    })) as {
      probe?: ({ renditions?: string[] } & SourceProbe) | null
      status?: string
      transcode?: { error?: null | string }
    }
    await reply({
      error: video.transcode?.error ?? null,
      ms,
      probe: video.probe ?? null,
      status: video.status ?? 'unknown',
      type: 'queueRun',
    })
  } catch (error) {
    await reply({ message: (error as Error).stack ?? String(error), type: 'error' })
  }
})

await reply({
  bootMs: performance.now() - bootStarted,
  ladder: {
    audioBitrateKbps: options.audioBitrateKbps,
    ffmpegPath: options.ffmpegPath,
    ffprobePath: options.ffprobePath,
    previewSeconds: options.previewSeconds,
    renditions: options.renditions,
    segmentSeconds: options.segmentSeconds,
    storageDirectory: options.storage.directory,
  },
  port,
  queue: options.queue,
  type: 'ready',
})
