import { chmodSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { randomPassword, startEmbeddedPostgres } from '../../dev/database/embeddedPostgres.js'

/** A folder for PostgreSQL data: mkdtemp makes it private to us, but PostgreSQL runs as its own user. */
export const temporaryDataFolder = (prefix: string): string => {
  const folder = mkdtempSync(path.join(tmpdir(), prefix))
  chmodSync(folder, 0o755)
  return folder
}

/** A throw-away embedded PostgreSQL on a free loopback port; its data is removed when it stops. */
export const startTemporaryPostgres = (prefix = 'backoffice-pg-') =>
  startEmbeddedPostgres({
    dataDir: path.join(temporaryDataFolder(prefix), 'data'),
    password: randomPassword(),
    persistent: false,
    port: 0,
  })
