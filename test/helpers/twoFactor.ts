import { generate } from 'otplib'
import { vi } from 'vitest'

import type { RestClient } from './restClient.js'

/**
 * What an authenticator app would show for `secret` at the (possibly moved) current time. Each time
 * step is accepted once per account, so tests move the clock on a step (`nextTimeStep`) before each
 * new code; only `Date` is faked, so the database's clock and timers are untouched.
 */
export const authenticatorCode = (secret: string, atMs = Date.now()) =>
  generate({ algorithm: 'sha1', digits: 6, epoch: Math.floor(atMs / 1000), period: 30, secret })

export const nextTimeStep = () => {
  vi.useFakeTimers({ now: Date.now() + 30_000, toFake: ['Date'] })
}

/** A code for a step no earlier than `step` can be wrong only by being another number. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

/** Sets up and confirms a second factor for the signed-in client; returns the secret. */
export const enrol = async (client: RestClient): Promise<string> => {
  const setup = await client.get('/users/mfa/totp/setup')
  if (setup.status !== 200 || !setup.body.secret) {
    throw new Error(`setup failed: ${setup.status} ${JSON.stringify(setup.body)}`)
  }
  const finished = await client.post('/users/mfa/totp/finish-enrollment', {
    code: await authenticatorCode(setup.body.secret),
  })
  if (finished.status !== 200) {
    throw new Error(`enrolment failed: ${finished.status} ${JSON.stringify(finished.body)}`)
  }
  return setup.body.secret
}

/** The Set-Cookie header of a response for one cookie, attributes included. */
export const setCookie = (headers: Headers, name: string): string | undefined =>
  headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`))

/**
 * An authenticator app for one account, for tests that run in real time (the browser tests): each
 * code is for a time step this account has not used yet (the server accepts each step once, and one
 * step either side). When even the next step is used, `forgetUsedSteps` (see `forgetLastUsedStep`
 * in appDatabase.ts) clears the account's last used step so that the current step is accepted
 * again; without it, the app waits for the next step, as an app on a phone would.
 */
export const authenticatorApp = (
  secret: string,
  { forgetUsedSteps }: { forgetUsedSteps?: () => Promise<void> } = {},
) => {
  const periodMs = 30_000
  let lastStep = -Infinity
  return {
    code: async (): Promise<string> => {
      for (;;) {
        const now = Math.floor(Date.now() / periodMs)
        const step = Math.max(now, lastStep + 1)
        if (step <= now + 1) {
          lastStep = step
          return authenticatorCode(secret, step * periodMs)
        }
        if (forgetUsedSteps) {
          await forgetUsedSteps()
          lastStep = -Infinity
        } else {
          await new Promise((resolve) =>
            setTimeout(resolve, (now + 1) * periodMs - Date.now() + 200),
          )
        }
      }
    },
  }
}
