import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { anonymousRequest } from '../helpers/anonymousRequest.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

let app: TestPayload
const sql = sqlOn(() => app.payload)

beforeAll(async () => {
  app = await startTestPayload()
})
afterAll(async () => {
  await app?.close()
})

const probe = async (path: '/health' | '/ready') => {
  const response = await anonymousRequest(app.config, 'GET', path)
  return {
    body: await response.text(),
    cacheControl: response.headers.get('cache-control'),
    status: response.status,
  }
}

describe('what a load balancer asks, without signing in', () => {
  it('GET /api/health and /api/ready answer 200 on a working app, never cached', async () => {
    expect(await probe('/health')).toEqual({
      body: '{"status":"ok"}',
      cacheControl: 'no-store',
      status: 200,
    })
    expect(await probe('/ready')).toEqual({
      body: '{"status":"ok"}',
      cacheControl: 'no-store',
      status: 200,
    })
  })

  it('/ready answers 503 while a table the schema needs is missing (a migration not applied), saying nothing else; /health stays 200', async () => {
    await sql('ALTER TABLE sessions RENAME TO sessions_elsewhere')
    try {
      expect(await probe('/ready')).toEqual({
        body: '{"status":"unavailable"}',
        cacheControl: 'no-store',
        status: 503,
      })
      expect((await probe('/health')).status).toBe(200)
    } finally {
      await sql('ALTER TABLE sessions_elsewhere RENAME TO sessions')
    }
    expect((await probe('/ready')).status).toBe(200)
  })
})
