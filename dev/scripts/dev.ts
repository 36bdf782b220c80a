/**
 * `npm run dev`: the sandbox. Starts PostgreSQL when DATABASE_URL is not set, then `next dev` on the
 * admin, and shuts both down cleanly on Ctrl-C so the data stays consistent between runs.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { prepareSandbox } from './sandboxEnvironment.js'

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const port = process.env.PORT ?? '3000'

const sandbox = await prepareSandbox()
process.env.SERVER_URL ??= `http://localhost:${port}`

console.log(`✔ Admin: ${process.env.SERVER_URL}/admin  (the first visit creates the first user)\n`)

const next = spawn('next', ['dev', appDir, '--port', port, ...process.argv.slice(2)], {
  env: process.env,
  stdio: 'inherit',
})

let stopping = false
const shutdown = async (code: number) => {
  if (stopping) {
    return
  }
  stopping = true
  await sandbox.stop()
  process.exit(code)
}

// Ctrl-C reaches Next itself (same process group); wait for it to exit, then stop PostgreSQL.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!next.killed && next.exitCode === null) {
      next.kill(signal)
    }
  })
}
next.on('exit', (code) => void shutdown(code ?? 0))
