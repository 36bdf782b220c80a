import { rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'

import { randomPassword, startEmbeddedPostgres } from '../../dev/database/embeddedPostgres.js'
import { temporaryDataFolder } from '../helpers/temporaryPostgres.js'

const folder = temporaryDataFolder('backoffice-sandbox-db-')
afterAll(() => rmSync(folder, { force: true, recursive: true }))

const query = async (url: string, sql: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(sql)).rows
  } finally {
    await client.end()
  }
}

describe("the sandbox's embedded PostgreSQL", () => {
  it('keeps its data when stopped and started again from the same folder', async () => {
    const options = {
      dataDir: path.join(folder, 'data'),
      password: randomPassword(),
      persistent: true,
      port: 0,
    }

    const first = await startEmbeddedPostgres(options)
    await query(first.url, "CREATE TABLE notes (body text); INSERT INTO notes VALUES ('kept')")
    await first.stop()

    const second = await startEmbeddedPostgres(options)
    try {
      expect(await query(second.url, 'SELECT body FROM notes')).toEqual([{ body: 'kept' }])
    } finally {
      await second.stop()
    }
  })

  it('listens on loopback only', async () => {
    const server = await startEmbeddedPostgres({
      dataDir: path.join(folder, 'loopback'),
      password: randomPassword(),
      persistent: false,
      port: 0,
    })
    try {
      const [setting] = await query(server.url, 'SHOW listen_addresses')
      expect(setting).toEqual({ listen_addresses: '127.0.0.1' })
    } finally {
      await server.stop()
    }
  })
})
