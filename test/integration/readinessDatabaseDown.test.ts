import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  type EmbeddedServer,
  freePort,
  randomPassword,
  startEmbeddedPostgres,
} from '../../dev/database/embeddedPostgres.js'
import { anonymousRequest } from '../helpers/anonymousRequest.js'
import { temporaryDataFolder } from '../helpers/temporaryPostgres.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

/**
 * The app's database goes away and comes back, as in a failover or a restart of PostgreSQL: a load
 * balancer asking /api/ready must take the instance out while it is gone and back once it returns.
 * The app runs on a PostgreSQL server of its own, stopped and started on the same port and data.
 */
const folder = temporaryDataFolder('backoffice-ready-pg-')
const serverOptions = {
  dataDir: path.join(folder, 'data'),
  password: randomPassword(),
  persistent: true,
  port: 0,
}
let server: EmbeddedServer
let app: TestPayload

beforeAll(async () => {
  server = await startEmbeddedPostgres({ ...serverOptions, port: await freePort() })
  app = await startTestPayload({ databaseAdminUrl: server.url })
}, 120_000)
afterAll(async () => {
  await app?.close()
  await server?.stop()
})

const probe = async (path: '/health' | '/ready') => {
  const response = await anonymousRequest(app.config, 'GET', path)
  return { body: await response.text(), status: response.status }
}

describe('/api/ready while the database is stopped', () => {
  it('answers 503 with the database stopped, saying nothing else, and 200 once it is back; /health stays 200, and the process outlives the closed connections', async () => {
    expect(await probe('/ready')).toEqual({ body: '{"status":"ok"}', status: 200 })

    await server.stop()
    expect(await probe('/ready')).toEqual({ body: '{"status":"unavailable"}', status: 503 })
    expect(await probe('/health')).toEqual({ body: '{"status":"ok"}', status: 200 })

    server = await startEmbeddedPostgres({ ...serverOptions, port: server.port })
    expect(await probe('/ready')).toEqual({ body: '{"status":"ok"}', status: 200 })
  }, 120_000)
})
