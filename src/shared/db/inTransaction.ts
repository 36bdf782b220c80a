import type { PayloadRequest } from 'payload'

import { commitTransaction, initTransaction, killTransaction } from 'payload'

/**
 * Runs `work` in the request's database transaction: its own, committed when `work` returns, or the
 * caller's when one is already open (then the caller commits). Any error rolls everything back. Local
 * API calls given this `req` and the plugin's SQL statements given it (see `sqlFor`) join it.
 */
export const inTransaction = async <T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> => {
  const shouldCommit = await initTransaction(req)
  try {
    const result = await work()
    if (shouldCommit) {
      await commitTransaction(req)
    }
    return result
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}
