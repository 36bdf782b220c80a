import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

/**
 * Timing is measured alone (this project runs after the others, one file at a time): on a 2-core
 * machine, a neighbouring test hashing passwords would be measured too.
 */
let app: TestPayload
const sql = sqlOn(() => app.payload)
const password = 'a-long-and-unusual-passphrase-42'
const adminEmail = 'timing-admin@example.com'
const email = 'timing-target@example.com'
let userId: number | string

const login = (as: string, secret: string) =>
  app.client().post('/users/login', { email: as, password: secret })
const expireLock = () =>
  sql("UPDATE users SET lockout_until = now() - interval '1 second' WHERE id = $1", [userId])

beforeAll(async () => {
  app = await startTestPayload()
  await app.client().post('/users/first-register', { email: adminEmail, password })
  userId = (
    await app.payload.create({ collection: 'users', data: { email, password, roles: ['editor'] } })
  ).id
})
afterAll(async () => {
  await app?.close()
})

describe('no account enumeration by timing', () => {
  // 4 cases × 15 rounds at the 1 s answer time: about a minute.
  it('takes the same time to refuse each of them (medians within 10 %)', async () => {
    await sql("UPDATE users SET security_status = 'suspended' WHERE id = $1", [userId])
    const lockedUser = await app.payload.create({
      collection: 'users',
      data: { email: 'locked@example.com', password, roles: ['editor'] },
    })
    await sql(
      "UPDATE users SET consecutive_failed_logins = 5, lockout_until = now() + interval '1 hour' WHERE id = $1",
      [lockedUser.id],
    )
    // What is timed is the request alone; each case's preparation runs before the clock starts.
    const cases: Record<
      string,
      { prepare?: () => Promise<unknown>; send: () => ReturnType<typeof login> }
    > = {
      locked: { send: () => login('locked@example.com', 'wrong-password') },
      suspended: { prepare: expireLock, send: () => login(email, 'wrong-password') },
      unknown: { send: () => login(`unknown-${Math.random()}@example.com`, 'wrong-password') },
      wrongPassword: {
        prepare: () =>
          sql(
            'UPDATE users SET consecutive_failed_logins = 0, lockout_until = NULL WHERE email = $1',
            [adminEmail],
          ),
        send: () => login(adminEmail, 'wrong-password'),
      },
    }
    // Round-robin over the cases, so whatever else the machine is doing weighs on all of them alike.
    const samples: Record<string, number[]> = Object.fromEntries(
      Object.keys(cases).map((name) => [name, []]),
    )
    for (let round = 0; round < 15; round++) {
      for (const [name, { prepare, send }] of Object.entries(cases)) {
        await prepare?.()
        const started = performance.now()
        const response = await send()
        samples[name]!.push(performance.now() - started)
        expect(response.status).toBeGreaterThanOrEqual(400)
      }
    }
    const medians = Object.fromEntries(
      Object.entries(samples).map(([name, times]) => [
        name,
        times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!,
      ]),
    )
    const values = Object.values(medians)
    const spread = (Math.max(...values) - Math.min(...values)) / Math.min(...values)
    expect(spread, JSON.stringify(medians)).toBeLessThan(0.1)
  }, 180_000)
})
