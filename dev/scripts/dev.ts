/**
 * `npm run dev`: the sandbox. Starts PostgreSQL when DATABASE_URL is not set, then `next dev` on the
 * admin; Ctrl-C stops Next first, then the database, so the data stays consistent between runs.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const appDir = path.resolve(here, '..')
const port = process.env.PORT ?? '3000'

// The database lives in its own process group (`detached`), out of reach of the terminal's Ctrl-C.
const keeper = spawn(
  process.execPath,
  [...process.execArgv, path.join(here, 'databaseKeeper.ts')],
  {
    detached: true,
    env: process.env,
    stdio: ['pipe', 'pipe', 'inherit'],
  },
)
const firstLine = await new Promise<string>((resolve, reject) => {
  createInterface({ input: keeper.stdout! }).once('line', resolve)
  keeper.once('exit', () => reject(new Error('The sandbox database did not start.')))
}).catch((error: Error) => {
  console.error(`✖ ${error.message}`)
  process.exit(1)
})
const { databaseUrl, payloadSecret } = JSON.parse(firstLine) as {
  databaseUrl: string
  payloadSecret: string
}

process.env.SERVER_URL ??= `http://localhost:${port}`
console.log(`✔ Admin: ${process.env.SERVER_URL}/admin  (the first visit creates the first user)\n`)

const next = spawn('next', ['dev', appDir, '--port', port, ...process.argv.slice(2)], {
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    NEXT_TELEMETRY_DISABLED: '1',
    PAYLOAD_SECRET: payloadSecret,
  },
  stdio: 'inherit',
})

// Next gets Ctrl-C from the terminal itself; a `kill` of this process is passed on.
process.on('SIGINT', () => {})
process.on('SIGTERM', () => next.kill('SIGTERM'))
next.on('exit', (code) => {
  keeper.once('exit', () => process.exit(code ?? 0))
  keeper.stdin!.end()
})
