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
import { browserLanes } from './browserLanes.js'

/** One lane: a `next start` of the dev app with its own database, inbox, media and port. */
interface BrowserApp {
  /** Where the app answers, e.g. http://127.0.0.1:43121 */
  appUrl: string
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
    /** Unset for the first lane (the sandbox's default folder, as before lanes). */
    VIDEO_DIR?: string
  }
  /** Folder where the app's outgoing emails land, one JSON file each (read with `mailbox(mailDir)`). */
  mailDir: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The lanes, one app each; a test file reaches its own with `browserLane()`. */
    browserApps: BrowserApp[]
    /**
     * People at the demo OpenID provider, the app's "Corporate SSO", with what they type into its
     * sign-in form. Only the provider knows them: a test gives each the app account it needs. The
     * provider is shared by every lane.
     */
    ssoPeople: Record<SsoPerson, { email: string; password: string }>
  }
}

/** The people registered at the demo provider, by the part they play in the tests. */
type SsoPerson = 'admin' | 'editor' | 'passwordUser' | 'returning'

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
 * The dev app as it runs in production, once per lane (BROWSER_LANES, see `browserLanes`): each
 * lane a database of its own with the schema pushed, its own inbox and a free loopback port; one
 * `next build` (skipped when E2E_REUSE_BUILD=1 and a build exists, as in CI, which builds first),
 * then a `next start` of it per lane.
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

  // Ports one after another, so no two lanes are handed the same one.
  const ports: number[] = []
  for (let lane = 0; lane < browserLanes(); lane++) {
    let port = await freePort()
    while (ports.includes(port)) {
      port = await freePort()
    }
    ports.push(port)
  }
  const appUrls = ports.map((port) => `http://127.0.0.1:${port}`)

  // The sandbox's "Corporate SSO", started before the apps, which discover it on the first sign-in.
  // It lives at https://localhost, another site than the apps at 127.0.0.1 (a port does not make a
  // site), so the browser goes through the round trip as with a real provider: cross-site. One
  // provider and one client serve every lane: each lane's callback is registered on it.
  const tlsDir = mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-oidc-'))
  cleanups.push(async () => rmSync(tlsDir, { force: true, recursive: true }))
  const certificate = localhostCertificate(tlsDir)
  const clientSecret = randomBytes(32).toString('hex')
  const provider = await startDemoOidcProvider({
    clients: [
      {
        clientId: demoClientId,
        clientSecret,
        postLogoutRedirectUris: appUrls.map((appUrl) => `${appUrl}/admin/login`),
        redirectUris: appUrls.map((appUrl) => `${appUrl}/api/admin/oauth/callback/corporate`),
      },
    ],
    issuerHost: 'localhost',
    tls: { cert: certificate.cert, key: certificate.key },
  })
  cleanups.push(provider.close)
  const ssoPassword = randomBytes(12).toString('base64url')
  const ssoPeople = Object.fromEntries(
    (['admin', 'editor', 'passwordUser', 'returning'] as const).map((person) => {
      const email = `sso-${person.toLowerCase()}@example.com`
      provider.addAccount({ email, email_verified: true, sub: `sso-${person}` }, ssoPassword)
      return [person, { email, password: ssoPassword }]
    }),
  ) as Record<SsoPerson, { email: string; password: string }>

  // Single sign-on set in the developer's shell would change the login page under test.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !['NODE_ENV', 'SMTP_URL'].includes(name) && !name.startsWith('SSO_'),
    ),
  )
  const lanes = await Promise.all(
    appUrls.map((appUrl, index) =>
      prepareLane({
        adminUrl,
        appUrl,
        certificate,
        cleanups,
        clientSecret,
        index,
        inherited,
        provider,
      }),
    ),
  )

  if (!(
    process.env.E2E_REUSE_BUILD === '1' &&
    existsSync(path.join(appDir, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'))
  )) {
    await run('npx', ['next', 'build', appDir], lanes[0]!.env, 'next build')
  }

  // Every lane's `next start` of the one build, side by side.
  await Promise.all(lanes.map((lane, index) => startApp(lane.env, ports[index]!, cleanups)))

  project.provide(
    'browserApps',
    lanes.map(({ appEnv, mailDir }) => ({ appEnv, appUrl: appEnv.SERVER_URL, mailDir })),
  )
  project.provide('ssoPeople', ssoPeople)
}

/**
 * What one lane's app needs before it starts: a database of its own with the schema pushed, a real
 * SMTP server on loopback whose messages are saved for the tests to read, folders for uploads, and
 * a secret of its own.
 */
const prepareLane = async ({
  adminUrl,
  appUrl,
  certificate,
  cleanups,
  clientSecret,
  index,
  inherited,
  provider,
}: {
  adminUrl: string
  appUrl: string
  certificate: { certFile: string }
  cleanups: (() => Promise<void>)[]
  clientSecret: string
  index: number
  inherited: Record<string, string | undefined>
  provider: { issuer: string }
}) => {
  const database = await createTestDatabase(adminUrl)
  cleanups.push(database.drop)

  const mailDir = mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-mail-'))
  const inbox = await startSmtpInbox({ saveTo: mailDir })
  cleanups.push(inbox.close)

  // Videos are kept in folders named by their id, which each lane's database counts from 1: the
  // first lane keeps the sandbox's folder (or VIDEO_DIR), every other lane gets one of its own.
  const videoDir =
    index === 0 ? undefined : mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-video-'))
  if (videoDir) {
    cleanups.push(async () => rmSync(videoDir, { force: true, recursive: true }))
  }
  const appEnv: BrowserApp['appEnv'] = {
    DATABASE_URL: database.url,
    MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-media-')),
    PAYLOAD_SECRET: randomBytes(32).toString('hex'),
    SERVER_URL: appUrl,
    SSO_DEMO_CLIENT_SECRET: clientSecret,
    SSO_DEMO_ISSUER: provider.issuer,
    ...(videoDir ? { VIDEO_DIR: videoDir } : {}),
  }
  const env: Record<string, string | undefined> = {
    ...inherited,
    ...appEnv,
    NEXT_TELEMETRY_DISABLED: '1',
    NODE_EXTRA_CA_CERTS: certificate.certFile,
    SMTP_URL: inbox.url,
  }
  await run('npx', ['tsx', 'dev/scripts/pushSchema.ts'], env, 'Pushing the schema')
  return { appEnv, env, mailDir }
}

/** `next start` of the built dev app on a loopback port, resolved once its login page answers. */
const startApp = async (
  env: Record<string, string | undefined>,
  port: number,
  cleanups: (() => Promise<void>)[],
) => {
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
  // E2E_APP_LOG=<file> keeps the apps' whole output there, to read a server error behind a failed test.
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
  await waitForApp(`${env.SERVER_URL}/admin/login`, server, () => log)
}
