import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { appPayloadOfFile } from '../helpers/appPayload.js'
import { cookiesOf, fromAddress } from '../helpers/fromAddress.js'
import { startHaproxy } from '../helpers/haproxy.js'
import { inBatches } from '../helpers/inBatches.js'
import { startSecondApp } from '../helpers/secondApp.js'
import { sqlOn } from '../helpers/sql.js'

/**
 * Two `next start` processes of the sandbox on one database behind a real HAProxy, with
 * `trustProxy` (TRUST_PROXY=1): what operators run. Each test plays its clients from loopback
 * addresses of their own (127.0.0.N), which HAProxy reports to the app in X-Forwarded-For.
 */
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const staffEmail = `scale-staff-${stamp}@example.com`
const lockedEmail = `scale-locked-${stamp}@example.com`
const sessionEmail = `scale-session-${stamp}@example.com`
const guessedEmail = `scale-guessed-${stamp}@example.com`
const file = appPayloadOfFile()
let payload: Payload
const sql = sqlOn(() => payload)
let apps: { stop: () => Promise<void>; url: string }[] = []
let proxy: { stop: () => Promise<void>; url: string } | undefined
let lockedId: number | string
let guessedId: number | string
let stopped = false

const login = (from: string, email: string, secret: string, cookie?: string) =>
  fromAddress(from, `${proxy!.url}/api/users/login`, {
    body: { email, password: secret },
    headers: cookie ? { cookie } : {},
    method: 'POST',
  })
const codeOf = (answer: { body: string }) =>
  (JSON.parse(answer.body) as { errors?: { data?: { code?: string } }[] }).errors?.[0]?.data?.code

beforeAll(async () => {
  payload = await file.payload()
  for (const email of [staffEmail, sessionEmail]) {
    await payload.create({ collection: 'users', data: { email, password, roles: ['editor'] } })
  }
  lockedId = (
    await payload.create({
      collection: 'users',
      data: { email: lockedEmail, password, roles: ['editor'] },
    })
  ).id
  guessedId = (
    await payload.create({
      collection: 'users',
      data: { email: guessedEmail, password, roles: ['editor'] },
    })
  ).id
  apps = await Promise.all([
    startSecondApp({ env: { TRUST_PROXY: '1' } }),
    startSecondApp({ env: { TRUST_PROXY: '1' } }),
  ])
  proxy = await startHaproxy(apps.map((app) => app.url))
})
/** SIGTERM to HAProxy and both apps (once: a stopped app's `stop` would wait for an exit gone by). */
const stopAll = async () => {
  if (!stopped) {
    stopped = true
    await proxy?.stop()
    await Promise.all(apps.map((app) => app.stop()))
  }
}
afterAll(async () => {
  await stopAll()
  await file.close()
})

describe('two app processes behind HAProxy share every limit', () => {
  it('finding: the per-client failure limit multiplies with processes — of 150 guesses from one address through both, 100 are checked; a browser the account knows still signs in from that address', async () => {
    const office = '127.0.0.10'
    // The staff member's own browser signed in to the account before, from home.
    const home = await login('127.0.0.11', staffEmail, password)
    expect(home.status).toBe(200)
    const knownBrowser = cookiesOf(home)
    expect(knownBrowser).toContain('-known-browser-')

    const answers = await inBatches(150, 25, (guess) =>
      login(office, `sprayed-${stamp}-${guess}@example.com`, 'wrong-guess'),
    )
    const checked = answers.filter((answer) => answer.status === 401)
    const blocked = answers.filter((answer) => answer.status === 403)
    expect(checked).toHaveLength(100)
    expect(blocked).toHaveLength(50)
    expect(blocked.every((answer) => codeOf(answer) === 'LOGIN_TEMPORARILY_BLOCKED')).toBe(true)
    // Both processes checked passwords: the count is shared, not kept per process.
    expect(new Set(checked.map((answer) => answer.headers.get('x-served-by')))).toEqual(
      new Set(['app1', 'app2']),
    )

    // From the blocked office: a browser the account does not know is refused, right password or not…
    const stranger = await login(office, staffEmail, password)
    expect(stranger.status).toBe(403)
    expect(codeOf(stranger)).toBe('LOGIN_TEMPORARILY_BLOCKED')
    // …while the staff member's known browser signs in, through either process.
    for (let twice = 0; twice < 2; twice++) {
      const known = await login(office, staffEmail, password, knownBrowser)
      expect(known.status).toBe(200)
    }
  })

  it('locks an account after exactly `threshold` of 20 parallel wrong passwords spread over both', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, guess) => login('127.0.0.20', lockedEmail, `wrong-${guess}`)),
    )
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(5)
    expect(answers.filter((answer) => answer.status === 403)).toHaveLength(15)
    expect(new Set(answers.map((answer) => answer.headers.get('x-served-by'))).size).toBe(2)
    const [row] = await sql(
      'SELECT consecutive_failed_logins::int AS failures FROM users WHERE id = $1',
      [lockedId],
    )
    expect(row?.failures).toBe(5)
  })

  it('refuses a session ended on one process on the next request through the other', async () => {
    const signedIn = await login('127.0.0.30', sessionEmail, password)
    expect(signedIn.status).toBe(200)
    const cookie = cookiesOf(signedIn)
    const me = async (app: string) =>
      (
        JSON.parse(
          (
            await fromAddress('127.0.0.30', `${app}/api/users/me`, {
              headers: { cookie, 'sec-fetch-site': 'same-origin' },
            })
          ).body,
        ) as { user: null | { email: string } }
      ).user?.email ?? null
    expect(await me(apps[0]!.url)).toBe(sessionEmail)
    expect(await me(apps[1]!.url)).toBe(sessionEmail)
    const out = await fromAddress('127.0.0.30', `${apps[0]!.url}/api/users/logout`, {
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
      method: 'POST',
    })
    expect(out.status).toBe(200)
    expect(await me(apps[1]!.url)).toBeNull()
  })

  it('finding: per-process refusal summaries — guesses at a locked account through both processes leave one first entry and a summary, written when the processes stop', async () => {
    const [{ last }] = (await sql('SELECT COALESCE(max(id), 0)::int AS last FROM audit_log')) as [
      { last: number },
    ]
    for (let wrong = 0; wrong < 5; wrong++) {
      expect((await login('127.0.0.40', guessedEmail, `wrong-${wrong}`)).status).toBe(401)
    }
    const answers = await inBatches(40, 10, (guess) =>
      login('127.0.0.40', guessedEmail, `locked-guess-${guess}`),
    )
    expect(answers.every((answer) => answer.status === 403)).toBe(true)
    expect(new Set(answers.map((answer) => answer.headers.get('x-served-by'))).size).toBe(2)

    // SIGTERM to both, within the minute: whoever counted writes the summary before it goes.
    const stoppingAt = Date.now()
    await stopAll()
    const entries = await sql(
      `SELECT event, data, timestamp FROM audit_log WHERE id > $1 AND user_id = $2 AND data->>'reason' = 'locked' ORDER BY id`,
      [last, String(guessedId)],
    )
    const firsts = entries.filter((entry) => entry.event === 'login.failed')
    const summaries = entries.filter((entry) => entry.event === 'login.refusalsSummarised')
    // One first entry per minute the guesses spanned (one, or two across a minute's end).
    expect(firsts.length).toBeGreaterThanOrEqual(1)
    expect(firsts.length).toBeLessThanOrEqual(2)
    expect(summaries.length).toBeLessThanOrEqual(2)
    const summed = summaries.reduce(
      (sum, entry) => sum + Number((entry.data as { refusals: number }).refusals),
      0,
    )
    // Every refusal is on record: none lost at shutdown, none counted twice.
    expect(firsts.length + summed).toBe(40)
    // The last minute's summary was written at shutdown, not left for a sweep that would not come.
    expect(summaries.length).toBeGreaterThanOrEqual(1)
    // pg hands timestamps over as Date objects (String() would drop the milliseconds).
    expect(new Date(summaries.at(-1)!.timestamp as never).getTime()).toBeGreaterThanOrEqual(
      stoppingAt,
    )
    expect(
      await sql("SELECT key FROM refusal_tallies WHERE entry->'user'->>'id' = $1", [
        String(guessedId),
      ]),
    ).toEqual([])
  })
})
