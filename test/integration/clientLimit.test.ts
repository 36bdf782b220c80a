import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

/** One source spraying guesses over many accounts, behind a proxy the app trusts. */
const password = 'a-long-and-unusual-passphrase-42'
let app: TestPayload

const signIn = (email: string, secret: string, address: string) =>
  app.client().post('/users/login', { email, password: secret }, { 'x-forwarded-for': address })

beforeAll(async () => {
  app = await startTestPayload({
    backofficeOptions: {
      lockout: { clientFailureLimit: 3, clientWindowSeconds: 600, failureResponseMs: 50 },
      trustProxy: true,
    },
  })
  await app.client().post('/users/first-register', { email: 'admin@example.com', password })
  await app.payload.create({
    collection: 'users',
    data: { email: 'staff@example.com', password, roles: ['editor'] } as never,
  })
})
afterAll(async () => {
  await app?.close()
})

describe('a failure budget per client address', () => {
  it('blocks an address that used it up across accounts, and no other address', async () => {
    for (const email of ['a@example.com', 'b@example.com', 'staff@example.com']) {
      expect((await signIn(email, 'wrong-guess-1', '203.0.113.50')).status).toBe(401)
    }
    const blocked = await signIn('staff@example.com', password, '203.0.113.50')
    expect(blocked.status).toBe(403)
    expect(blocked.body.errors[0].data.code).toBe('LOGIN_TEMPORARILY_BLOCKED')
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(590)

    // The account itself is not locked: the owner, from elsewhere, signs in.
    expect((await signIn('staff@example.com', password, '198.51.100.7')).status).toBe(200)
  })
})
