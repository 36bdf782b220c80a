import type { Payload } from 'payload'

import { getPayload } from 'payload'

import { browserLane } from './browserLane.js'
import { closeTestPayload } from './closeTestPayload.js'

/**
 * Runs `work` with a Payload on the database this test file's lane's app uses, to put that
 * database in the state a test starts from (Payload's Local API, the same code the app runs).
 */
export const withAppPayload = async <T>(work: (payload: Payload) => Promise<T>): Promise<T> => {
  Object.assign(process.env, browserLane().appEnv)
  const { default: config } = await import('../../dev/payload.config.js')
  const payload = await getPayload({ config })
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
      Object.assign(process.env, browserLane().appEnv)
      opened ??= import('../../dev/payload.config.js').then(({ default: config }) =>
        getPayload({ config }),
      )
      return opened
    },
  }
}
