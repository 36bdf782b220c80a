import type { Payload } from 'payload'

import { closePayload } from '../../dev/database/closePayload.js'

/**
 * Closes a Payload a test started and drops it from Payload's per-process cache (`getPayload`
 * keeps one instance per key for the route handlers), so the next `getPayload` in this process —
 * a restart, or the next test file of a shared worker — starts a new one instead of being handed
 * the instance whose pool is closed.
 */
export const closeTestPayload = async (payload: Payload, key = 'default'): Promise<void> => {
  try {
    await closePayload(payload)
  } finally {
    ;(globalThis as { _payload?: Map<string, unknown> })._payload?.delete(key)
  }
}
