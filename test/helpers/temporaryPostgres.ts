import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { randomPassword, startEmbeddedPostgres } from '../../dev/database/embeddedPostgres.js'

/** A folder for PostgreSQL data: mkdtemp makes it private to us, but PostgreSQL runs as its own user. */
export const temporaryDataFolder = (prefix: string): string => {
  const folder = mkdtempSync(path.join(tmpdir(), prefix))
  chmodSync(folder, 0o755)
  return folder
}

/**
 * A throw-away embedded PostgreSQL on a free loopback port, with PostgreSQL's non-durable settings. Stopping it removes its whole temporary
 * folder (PostgreSQL itself removes only the data directory inside).
 */
export const startTemporaryPostgres = async (prefix = 'backoffice-pg-') => {
  const folder = temporaryDataFolder(prefix)
  const server = await startEmbeddedPostgres({
    dataDir: path.join(folder, 'data'),
    password: randomPassword(),
    persistent: false,
    port: 0,
    throwaway: true,
  })
  return {
    ...server,
    stop: async () => {
      await server.stop()
      rmSync(folder, { force: true, recursive: true })
    },
  }
}
