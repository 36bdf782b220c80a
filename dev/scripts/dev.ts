/**
 * `npm run dev`: the sandbox. Starts PostgreSQL when DATABASE_URL is not set, then `next dev` on the
 * admin; Ctrl-C stops Next first, then the database, so the data stays consistent between runs.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

import { startDemoOidcProvider } from '../sso/demoOidcProvider.js'
import { demoClientId, demoStaff } from '../sso/sandboxProviders.js'

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

// A demo OpenID provider on loopback, as "Corporate SSO", unless a real corporate provider is set.
let demoProvider: Awaited<ReturnType<typeof startDemoOidcProvider>> | null = null
if (!process.env.SSO_CORPORATE_ISSUER) {
  const clientSecret = randomBytes(24).toString('base64url')
  demoProvider = await startDemoOidcProvider({
    clients: [
      {
        clientId: demoClientId,
        clientSecret,
        redirectUris: [`${process.env.SERVER_URL}/api/admin/oauth/callback/corporate`],
      },
    ],
    port: Number(process.env.SSO_DEMO_PORT ?? 0),
  })
  demoProvider.addAccount(
    { email: demoStaff.email, email_verified: true, name: demoStaff.name, sub: demoStaff.sub },
    demoStaff.password,
  )
  process.env.SSO_DEMO_ISSUER = demoProvider.issuer
  process.env.SSO_DEMO_CLIENT_SECRET = clientSecret
  process.env.SSO_DEMO_STAFF = '1'
}

console.log(`✔ Admin: ${process.env.SERVER_URL}/admin`)
if (demoProvider) {
  console.log(
    `✔ Single sign-on: press "Sign in with Corporate SSO" and sign in at the demo provider as\n` +
      `  ${demoStaff.email} / ${demoStaff.password} (an administrator; ${demoProvider.issuer})`,
  )
}
console.log('')

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
  void demoProvider?.close()
  keeper.once('exit', () => process.exit(code ?? 0))
  keeper.stdin!.end()
})
