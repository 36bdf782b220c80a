import type { Payload } from 'payload'

import { getPayload } from 'payload'

import { configFromEnvironment } from '../../dev/configFromEnvironment.js'
import { browserLane } from './browserLane.js'
import { closeTestPayload } from './closeTestPayload.js'
import { testLogger } from './testLogger.js'

/**
 * The lane's app as configured by its environment, built anew (Payload's sanitizing changes the
 * config it is given, and a test process may open several) and without a push: the lane's database
 * has its schema already (test/setup/browserApp.ts), so a start skips drizzle's comparison of it.
 * Its log keeps to warnings, as an integration test's does: the app's own log has the audit events.
 */
const openAppPayload = async (): Promise<Payload> => {
  Object.assign(process.env, browserLane().appEnv)
  return getPayload({ config: await configFromEnvironment({ logger: testLogger, push: false }) })
}

/**
 * Runs `work` with a Payload on the database this test file's lane's app uses, to put that
 * database in the state a test starts from (Payload's Local API, the same code the app runs).
 */
export const withAppPayload = async <T>(work: (payload: Payload) => Promise<T>): Promise<T> => {
  const payload = await openAppPayload()
  try {
    return await work(payload)
  } finally {
    await closeTestPayload(payload)
  }
}

/**
 * One Payload on the app's database for a whole test file that looks at the database between its
 * steps: opened on first use, closed by `close` (call it in `afterAll`), where `withAppPayload`
 * starts and closes one per call.
 */
export const appPayloadOfFile = () => {
  let opened: Promise<Payload> | undefined
  return {
    close: async () => {
      if (opened) {
        await closeTestPayload(await opened)
      }
    },
    payload: (): Promise<Payload> => {
      opened ??= openAppPayload()
      return opened
    },
  }
}
