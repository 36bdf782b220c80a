import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { freePort } from '../../dev/database/embeddedPostgres.js'

/** Debian's haproxy package (`apt-get install -y haproxy`), or `HAPROXY_PATH`. */
const haproxyPath = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy'

/**
 * A real HAProxy on loopback in front of `backends` (app URLs), as operators run several app
 * processes: round robin, `option forwardfor` (the peer it saw appended to X-Forwarded-For, which the
 * app reads with `trustProxy`), and an `X-Served-By` response header naming the backend (`app1`,
 * `app2`, …) so a test can see which process answered. `stop` ends it.
 */
export const startHaproxy = async (
  backends: string[],
): Promise<{ stop: () => Promise<void>; url: string }> => {
  const port = await freePort()
  const dir = mkdtempSync(path.join(tmpdir(), 'haproxy-'))
  const configFile = path.join(dir, 'haproxy.cfg')
  writeFileSync(
    configFile,
    [
      'global',
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 120s',
      '  timeout server 120s',
      '  option forwardfor',
      'frontend app',
      `  bind 127.0.0.1:${port}`,
      '  default_backend apps',
      'backend apps',
      '  balance roundrobin',
      '  http-response set-header X-Served-By %s',
      ...backends.map((backend, index) => `  server app${index + 1} ${new URL(backend).host}`),
      '',
    ].join('\n'),
  )
  let log = ''
  const proxy = spawn(haproxyPath, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] })
  proxy.stdout.on('data', (chunk) => (log += chunk))
  proxy.stderr.on('data', (chunk) => (log += chunk))
  const stop = async () => {
    if (proxy.exitCode === null && proxy.signalCode === null) {
      const stopped = new Promise((resolve) => proxy.once('exit', resolve))
      proxy.kill('SIGTERM')
      await stopped
    }
    rmSync(dir, { force: true, recursive: true })
  }
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    if (proxy.exitCode !== null) {
      throw new Error(`haproxy exited with ${proxy.exitCode}: ${log.slice(-2000)}`)
    }
    try {
      await fetch(`${url}/api/health`)
      return { stop, url }
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  await stop()
  throw new Error(`haproxy did not listen: ${log.slice(-2000)}`)
}
