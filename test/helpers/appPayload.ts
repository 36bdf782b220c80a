import type { Payload } from 'payload'

import { getPayload } from 'payload'
import { inject } from 'vitest'

import { closePayload } from '../../dev/database/closePayload.js'

/**
 * Runs `work` with a Payload on the database the browser tests' running app uses, to put that
 * database in the state a test starts from (Payload's Local API, the same code the app runs).
 */
export const withAppPayload = async <T>(work: (payload: Payload) => Promise<T>): Promise<T> => {
  Object.assign(process.env, inject('appEnv'))
  const { default: config } = await import('../../dev/payload.config.js')
  const payload = await getPayload({ config })
  try {
    return await work(payload)
  } finally {
    await closePayload(payload)
  }
}
