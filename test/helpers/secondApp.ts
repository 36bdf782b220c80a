import { spawn } from 'node:child_process'
import path from 'node:path'

import { freePort } from '../../dev/database/embeddedPostgres.js'
import { browserLane } from './browserLane.js'

/**
 * A second `next start` of the browser tests' build, on the same database, for what the shared app
 * cannot be: another `serverURL` (`urlHost: 'localhost'`, the domain WebAuthn needs) or other
 * start-time settings in `env` (the sandbox reads its config when the server starts). Resolves once
 * the login page answers; `stop` ends it with its workers (its own process group).
 */
export const startSecondApp = async ({
  env = {},
  urlHost = '127.0.0.1',
}: {
  env?: Record<string, string>
  urlHost?: '127.0.0.1' | 'localhost'
} = {}): Promise<{ stop: () => Promise<void>; url: string }> => {
  const port = await freePort()
  const url = `http://${urlHost}:${port}`
  let log = ''
  const server = spawn(
    'npx',
    ['next', 'start', path.resolve('dev'), '--port', String(port), '--hostname', '127.0.0.1'],
    {
      // Its own process group, so stopping it stops npx, next and its workers together.
      detached: true,
      env: {
        ...process.env,
        ...browserLane().appEnv,
        NODE_ENV: 'production',
        SERVER_URL: url,
        ...env,
      } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  server.stdout.on('data', (chunk) => (log += chunk))
  server.stderr.on('data', (chunk) => (log += chunk))
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const stopped = new Promise((resolve) => server.once('exit', resolve))
      process.kill(-server.pid!, 'SIGTERM')
      await stopped
    }
    // npx goes at once; the server process finishes its shutdown after it (what it writes on
    // SIGTERM included). Stopped means the whole group is gone.
    const deadline = Date.now() + 15_000
    while (Date.now() < deadline) {
      try {
        process.kill(-server.pid!, 0)
      } catch {
        return
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`next start exited with ${server.exitCode}:\n${log.slice(-4000)}`)
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/admin/login`)).status < 500) {
        return { stop, url }
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  await stop()
  throw new Error(`The app did not answer within 2 minutes:\n${log.slice(-4000)}`)
}
