import type { Payload } from 'payload'

type Pool = { end: () => Promise<void>; on: (event: 'error', listener: () => void) => void }

/**
 * Shuts a Payload instance down before its database goes away. `payload.destroy()` leaves the
 * PostgreSQL pool open (the drizzle adapter only forgets its schema), and the pool's idle connections,
 * cut off when the server stops, would crash the process with an unhandled 'error' event.
 */
export const closePayload = async (payload: Payload): Promise<void> => {
  const pool = (payload.db as { pool?: Pool }).pool
  await payload.destroy()
  if (pool) {
    // Connections cut by a server shutdown are expected from here on.
    pool.on('error', () => {})
    // Ends the idle connections now. Payload keeps one connection checked out for good (to detect
    // resets), so `end()` never settles; waiting for it would hang.
    void pool.end()
  }
}
