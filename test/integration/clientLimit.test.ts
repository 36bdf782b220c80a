import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

/** One source spraying guesses over many accounts, behind a proxy the app trusts. */
const password = 'a-long-and-unusual-passphrase-42'
let app: TestPayload
const sql = sqlOn(() => app.payload)

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
    // The window slides: 3 attempts in this window still weigh (1 - elapsed) in the next, so the
    // next attempt fits once 2 of the 3 remain, 1/3 into it: between 200 s and 800 s from now.
    const retryAfter = Number(blocked.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(200)
    expect(retryAfter).toBeLessThanOrEqual(800)

    // The account itself is not locked: the owner, from elsewhere, signs in.
    expect((await signIn('staff@example.com', password, '198.51.100.7')).status).toBe(200)
  })
})

describe('finding: the per-client failure limit multiplies with processes', () => {
  it('counts in the database before any password is checked: of 20 parallel guesses, exactly the limit are checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, guess) =>
        signIn(`sprayed-${guess}@example.com`, 'wrong-guess', '203.0.113.60'),
      ),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses.filter((status) => status === 401)).toHaveLength(3)
    expect(statuses.filter((status) => status === 403)).toHaveLength(17)
    // Stored per window under a keyed hash: the table holds no address.
    const rows = await sql('SELECT key, attempts::int AS attempts FROM login_client_attempts')
    expect(rows.some((row) => String(row.key).includes('203.0.113.60'))).toBe(false)
    expect(rows.map((row) => row.attempts)).toContain(3)
  })

  it('deletes the rows of windows before the previous one at the next attempt', async () => {
    await sql(
      "INSERT INTO login_client_attempts (key, bucket, attempts, updated_at, created_at) VALUES ('stale:1', 1, 5, now(), now())",
    )
    await signIn('pruning@example.com', 'wrong-guess', '203.0.113.61')
    expect(await sql("SELECT key FROM login_client_attempts WHERE key = 'stale:1'")).toEqual([])
  })

  it('lets a browser that has signed in to the account before in while others used up its address, and counts its wrong passwords on its own lock', async () => {
    const office = '203.0.113.70'
    const known = app.client()
    const staff = { email: 'office@example.com', password }
    await app.payload.create({
      collection: 'users',
      data: { ...staff, roles: ['editor'] } as never,
    })
    expect((await known.post('/users/login', staff, { 'x-forwarded-for': office })).status).toBe(
      200,
    )
    // That first sign-in, from a browser the account did not know yet, was one of the address's 3.
    for (const guess of [1, 2]) {
      expect((await signIn(`nobody-${guess}@example.com`, 'guess', office)).status).toBe(401)
    }
    // A browser the account does not know, even with the right password: blocked.
    const stranger = await signIn(staff.email, password, office)
    expect(stranger.status).toBe(403)
    expect(stranger.body.errors[0].data.code).toBe('LOGIN_TEMPORARILY_BLOCKED')
    // The known browser: its wrong password is checked and counted on its own budget...
    const wrong = await known.post(
      '/users/login',
      { ...staff, password: 'not-it' },
      { 'x-forwarded-for': office },
    )
    expect(wrong.status).toBe(401)
    const [budget] = await sql(
      "SELECT consecutive_failures::int AS failures FROM login_throttles WHERE key LIKE 'known-browser:%'",
    )
    expect(budget?.failures).toBe(1)
    // ...and its right one signs it in.
    expect((await known.post('/users/login', staff, { 'x-forwarded-for': office })).status).toBe(
      200,
    )
  })
})

describe('finding 12: under a guessing attack, a sign-in from a browser the account has not used slows 18×', () => {
  it("answers a flood from an address out of its budget without asking the database again, so its guesses neither wait on its counter's row nor hold the pool; others still sign in", async () => {
    const attacker = '203.0.113.80'
    const known = app.client()
    const office = { email: 'flood-office@example.com', password }
    await app.payload.create({
      collection: 'users',
      data: { ...office, roles: ['editor'] } as never,
    })
    // A browser the account knows, behind the attacker's address (an office's NAT): 1 of its 3.
    expect((await known.post('/users/login', office, { 'x-forwarded-for': attacker })).status).toBe(
      200,
    )
    for (const guess of [1, 2]) {
      expect((await signIn(`flood-${guess}@example.com`, 'guess', attacker)).status).toBe(401)
    }
    // The database refuses the next three: a flood, not a person retrying by hand. Memory repeats
    // its refusal for RECHECK_MS (2 s) from the first: the clock stands still meanwhile, so a busy
    // machine's slowness cannot let that time run out before the guess below.
    vi.useFakeTimers({ toFake: ['Date'] })
    for (const guess of [3, 4, 5]) {
      expect((await signIn(`flood-${guess}@example.com`, 'guess', attacker)).status).toBe(403)
    }
    // Another transaction holds every counter row, as each of a flood's claims holds its address's
    // row in turn: a guess that asked the database again would wait behind it, on one of the pool's
    // connections, and so would the next hundred.
    const pool = (app.payload.db as unknown as { pool: import('pg').Pool }).pool
    const holder = await pool.connect()
    try {
      await holder.query('BEGIN')
      await holder.query('SELECT key FROM login_client_attempts FOR UPDATE')
      // Anything that waits on the held rows waits until the ROLLBACK below, which comes after:
      // 8 s tells that wait from a busy machine's slowness.
      const within = <T>(answer: Promise<T>) =>
        Promise.race([answer, new Promise<null>((resolve) => setTimeout(resolve, 8000, null))])
      const guess = await within(signIn('flood-6@example.com', 'guess', attacker))
      expect(guess?.status).toBe(403)
      expect(guess?.body.errors[0].data.code).toBe('LOGIN_TEMPORARILY_BLOCKED')
      // The browser the account knows is asked afresh, and is exempt from the address's budget.
      const usual = await within(
        known.post('/users/login', office, { 'x-forwarded-for': attacker }),
      )
      expect(usual?.status).toBe(200)
      // Another staff member, elsewhere, from a browser their account has not used.
      const elsewhere = await within(signIn('staff@example.com', password, '198.51.100.12'))
      expect(elsewhere?.status).toBe(200)
    } finally {
      await holder.query('ROLLBACK')
      holder.release()
      vi.useRealTimers()
    }
  })
})
