import type { TestProject } from 'vitest/node'

import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { freePort } from '../../dev/database/embeddedPostgres.js'
import { startDemoOidcProvider } from '../../dev/sso/demoOidcProvider.js'
import { demoClientId } from '../../dev/sso/sandboxProviders.js'
import { findChromium } from '../helpers/browser.js'
import { startSmtpInbox } from '../helpers/smtpInbox.js'
import { startTemporaryPostgres } from '../helpers/temporaryPostgres.js'
import { createTestDatabase } from '../helpers/testDatabase.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the dev app answers, e.g. http://127.0.0.1:43121 */
    appUrl: string
    /** Folder where the app's outgoing emails land, one JSON file each (read with `mailbox(mailDir)`). */
    mailDir: string
    /**
     * The environment the app runs with, for tests that prepare data through Payload directly
     * (with the demo provider configured as `corporate`, so accounts can be given that method).
     */
    appEnv: {
      DATABASE_URL: string
      MEDIA_DIR: string
      PAYLOAD_SECRET: string
      SERVER_URL: string
      SSO_DEMO_CLIENT_SECRET: string
      SSO_DEMO_ISSUER: string
    }
    /**
     * People at the demo OpenID provider, the app's "Corporate SSO", with what they type into its
     * sign-in form. Only the provider knows them: a test gives each the app account it needs.
     */
    ssoPeople: Record<SsoPerson, { email: string; password: string }>
  }
}

/** The people registered at the demo provider, by the part they play in the tests. */
type SsoPerson = 'admin' | 'editor' | 'passwordUser'

const appDir = path.resolve('dev')

const run = (
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  label: string,
) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, {
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${label} failed (exit ${code}):\n${output.slice(-4000)}`)),
    )
  })

/**
 * A self-signed certificate for localhost, made for this run, and its key (PEM): an app in
 * production takes only an https issuer (the plugin refuses plain http there). The app's Node
 * trusts it through NODE_EXTRA_CA_CERTS, the browser tests' Chromium with `ignoreHTTPSErrors`.
 */
const localhostCertificate = (dir: string) => {
  const certFile = path.join(dir, 'localhost-cert.pem')
  const keyFile = path.join(dir, 'localhost-key.pem')
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'pipe' },
    )
  } catch (error) {
    throw new Error(
      'openssl could not make the demo OpenID provider a certificate (install it with ' +
        `\`sudo apt-get install -y openssl\`): ${(error as Error).message}`,
    )
  }
  return { cert: readFileSync(certFile, 'utf8'), certFile, key: readFileSync(keyFile, 'utf8') }
}

const waitForApp = async (url: string, server: ChildProcess, log: () => string) => {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`next start exited with ${server.exitCode}:\n${log().slice(-4000)}`)
    }
    try {
      const response = await fetch(url, { redirect: 'manual' })
      if (response.status < 500) {
        return
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`The app did not answer at ${url} within 2 minutes:\n${log().slice(-4000)}`)
}

/**
 * The dev app as it runs in production: a database of its own with the schema pushed, `next build`
 * (skipped when E2E_REUSE_BUILD=1 and a build exists, as in CI, which builds first), then `next start`
 * on a free loopback port.
 */
export default async function setup(project: TestProject) {
  // Fail before any building when the browser is missing.
  findChromium()

  // What was started so far, stopped in reverse order at teardown, or at once if setup fails.
  const cleanups: (() => Promise<void>)[] = []
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error) => console.error(error))
    }
  }
  try {
    await start(project, cleanups)
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}

const start = async (project: TestProject, cleanups: (() => Promise<void>)[]) => {
  let adminUrl = process.env.DATABASE_URL
  if (!adminUrl) {
    const server = await startTemporaryPostgres('backoffice-e2e-pg-')
    adminUrl = server.url
    cleanups.push(server.stop)
  }
  const database = await createTestDatabase(adminUrl)
  cleanups.push(database.drop)

  // A real SMTP server on loopback for the app's emails; each message is saved for the tests to read.
  const mailDir = mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-mail-'))
  const inbox = await startSmtpInbox({ saveTo: mailDir })
  cleanups.push(inbox.close)

  const port = await freePort()
  const appUrl = `http://127.0.0.1:${port}`

  // The sandbox's "Corporate SSO", started before the app, which discovers it on the first sign-in.
  // It lives at https://localhost, another site than the app at 127.0.0.1 (a port does not make a
  // site), so the browser goes through the round trip as with a real provider: cross-site.
  const tlsDir = mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-oidc-'))
  cleanups.push(async () => rmSync(tlsDir, { force: true, recursive: true }))
  const certificate = localhostCertificate(tlsDir)
  const clientSecret = randomBytes(32).toString('hex')
  const provider = await startDemoOidcProvider({
    clients: [
      {
        clientId: demoClientId,
        clientSecret,
        postLogoutRedirectUris: [`${appUrl}/admin/login`],
        redirectUris: [`${appUrl}/api/admin/oauth/callback/corporate`],
      },
    ],
    issuerHost: 'localhost',
    tls: { cert: certificate.cert, key: certificate.key },
  })
  cleanups.push(provider.close)
  const ssoPassword = randomBytes(12).toString('base64url')
  const ssoPeople = Object.fromEntries(
    (['admin', 'editor', 'passwordUser'] as const).map((person) => {
      const email = `sso-${person.toLowerCase()}@example.com`
      provider.addAccount({ email, email_verified: true, sub: `sso-${person}` }, ssoPassword)
      return [person, { email, password: ssoPassword }]
    }),
  ) as Record<SsoPerson, { email: string; password: string }>

  const appEnv = {
    DATABASE_URL: database.url,
    MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-media-')),
    PAYLOAD_SECRET: randomBytes(32).toString('hex'),
    SERVER_URL: appUrl,
    SSO_DEMO_CLIENT_SECRET: clientSecret,
    SSO_DEMO_ISSUER: provider.issuer,
  }
  // Single sign-on set in the developer's shell would change the login page under test.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !['NODE_ENV', 'SMTP_URL'].includes(name) && !name.startsWith('SSO_'),
    ),
  )
  const env: Record<string, string | undefined> = {
    ...inherited,
    ...appEnv,
    NEXT_TELEMETRY_DISABLED: '1',
    NODE_EXTRA_CA_CERTS: certificate.certFile,
    SMTP_URL: inbox.url,
  }

  await run('npx', ['tsx', 'dev/scripts/pushSchema.ts'], env, 'Pushing the schema')
  if (!(
    process.env.E2E_REUSE_BUILD === '1' &&
    existsSync(path.join(appDir, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'))
  )) {
    await run('npx', ['next', 'build', appDir], env, 'next build')
  }

  let log = ''
  const server = spawn(
    'npx',
    ['next', 'start', appDir, '--port', String(port), '--hostname', '127.0.0.1'],
    {
      // Its own process group, so teardown stops npx, next and its workers together.
      detached: true,
      env: { ...env, NODE_ENV: 'production' } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  // E2E_APP_LOG=<file> keeps the app's whole output there, to read a server error behind a failed test.
  const keep = (chunk: Buffer) => {
    log += chunk
    if (process.env.E2E_APP_LOG) {
      appendFileSync(process.env.E2E_APP_LOG, chunk)
    }
  }
  server.stdout!.on('data', keep)
  server.stderr!.on('data', keep)
  cleanups.push(async () => {
    if (server.exitCode === null) {
      process.kill(-server.pid!, 'SIGTERM')
      await new Promise((resolve) => server.once('exit', resolve))
    }
  })
  await waitForApp(`${appEnv.SERVER_URL}/admin/login`, server, () => log)

  project.provide('appUrl', appEnv.SERVER_URL)
  project.provide('appEnv', appEnv)
  project.provide('mailDir', mailDir)
  project.provide('ssoPeople', ssoPeople)
}
