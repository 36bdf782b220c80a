import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { RECHECK_MS } from '../../src/policies/lockout/knownLocks.js'
import { sameAppEnv, startAppServers } from '../helpers/appServers.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

let app: TestPayload
let servers: Awaited<ReturnType<typeof startAppServers>>
const password = 'a-long-and-unusual-passphrase-42'
let email = ''
let userId: number | string
let accounts = 0

const sql = sqlOn(() => app.payload)

/** A sign-in sent to one of the two app processes, as a load balancer would spread them. */
const login = async (index: number, secret: string) => {
  const response = await fetch(`${servers.urls[index % servers.urls.length]}/api/users/login`, {
    body: JSON.stringify({ email, password: secret }),
    headers: {
      'content-type': 'application/json',
      origin: servers.urls[index % servers.urls.length]!,
    },
    method: 'POST',
  })
  const body = (await response.json()) as {
    errors?: { data?: { code?: string } }[]
    token?: string
  }
  return { code: body.errors?.[0]?.data?.code, status: response.status, token: body.token }
}

beforeAll(async () => {
  app = await startTestPayload()
  servers = await startAppServers(2, sameAppEnv())
}, 180_000)
afterAll(async () => {
  await servers?.stop()
  await app?.close()
})
beforeEach(async () => {
  email = `parallel-${++accounts}@example.com`
  userId = (
    await app.payload.create({ collection: 'users', data: { email, password, roles: ['editor'] } })
  ).id
})

describe('lockout under concurrency, across two app processes sharing one database', () => {
  it('checks exactly five of 100 parallel wrong passwords and locks; the other 95 are refused unchecked', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) => login(index, 'wrong-password')),
    )
    const byCode = results.reduce<Record<string, number>>(
      (counts, { code }) => ({ ...counts, [code!]: (counts[code!] ?? 0) + 1 }),
      {},
    )
    expect(byCode).toEqual({ INVALID_CREDENTIALS: 5, LOGIN_TEMPORARILY_BLOCKED: 95 })
    const [row] = await sql(
      'SELECT consecutive_failed_logins::int AS failures, extract(epoch FROM lockout_until - last_failed_login_at) AS seconds FROM users WHERE id = $1',
      [userId],
    )
    expect(row.failures).toBe(5)
    expect(Math.round(Number(row.seconds))).toBe(30)
  })

  it('never gives a session when 99 wrong and 1 right race into a locking attempt', async () => {
    // One attempt from the lock: whichever of the 100 is counted first decides.
    for (let round = 0; round < 5; round++) {
      // Each round unlocks the account by fiat (SQL); an app process that saw the last round's flood
      // answers from memory until it checks the database again (knownLocks), as after any early unlock.
      await new Promise((resolve) => setTimeout(resolve, RECHECK_MS))
      await sql(
        'UPDATE users SET consecutive_failed_logins = 4, lockout_until = NULL WHERE id = $1',
        [userId],
      )
      await sql('DELETE FROM users_sessions WHERE _parent_id = $1', [userId])
      const rightIndex = Math.floor(Math.random() * 100)
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          login(index, index === rightIndex ? password : 'wrong-password'),
        ),
      )
      const right = results[rightIndex]!
      const wrong = results.filter((_, index) => index !== rightIndex)
      const [{ sessions }] = await sql(
        'SELECT count(*)::int AS sessions FROM users_sessions WHERE _parent_id = $1',
        [userId],
      )
      const [{ failures }] = await sql(
        'SELECT consecutive_failed_logins::int AS failures FROM users WHERE id = $1',
        [userId],
      )
      if (right.status === 200) {
        // The right password was counted first: its own provisional lock kept every other attempt
        // out until it settled; only attempts after the reset were checked.
        expect(sessions).toBe(1)
        expect(wrong.filter((result) => result.code === 'INVALID_CREDENTIALS').length).toBe(
          failures,
        )
      } else {
        // A wrong password locked the account first: the right one got no session.
        expect(right.code).toBe('LOGIN_TEMPORARILY_BLOCKED')
        expect(sessions).toBe(0)
        expect(failures).toBe(5)
        expect(wrong.filter((result) => result.code === 'INVALID_CREDENTIALS').length).toBe(1)
      }
    }
  })
})
