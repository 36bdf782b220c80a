import type { Payload } from 'payload'

/** The parts of node-postgres' `Pool` (https://node-postgres.com/apis/pool) this needs. */
type Pool = {
  end: () => Promise<void>
  idleCount: number
  on: (event: 'error', listener: () => void) => void
  totalCount: number
}

/** Longest a close waits for work already under way (a transaction, a query) to finish. */
const SETTLE_MS = 5000

/**
 * Shuts a Payload instance down before its database goes away. `payload.destroy()` stops Payload's
 * crons and leaves the PostgreSQL pool open (the drizzle adapter only forgets its schema), and the
 * pool's idle connections, cut off when the server stops, would crash the process with an unhandled
 * 'error' event.
 *
 * Work already under way is let finish first. A connection that is checked out for a transaction
 * has no 'error' listener between its queries (node-postgres leaves that to whoever checked it out,
 * and drizzle adds none), so a database dropped under it ends the process. Payload keeps one
 * connection checked out for good, to detect resets, with its own listener: that one is the only
 * connection left in use once the work is done.
 */
export const closePayload = async (payload: Payload): Promise<void> => {
  const pool = (payload.db as { pool?: Pool }).pool
  await payload.destroy()
  if (!pool) {
    return
  }
  // A monotonic clock: tests fake `Date` (an authenticator's time step), which would make a
  // `Date.now()` wait endless (https://nodejs.org/api/perf_hooks.html#performancenow).
  for (
    const started = performance.now();
    pool.totalCount - pool.idleCount > 1 && performance.now() - started < SETTLE_MS;
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  // Connections cut by a server shutdown are expected from here on: on the pool's idle ones, and on
  // any still checked out (work that outlived the settle wait, whose backend the caller may end).
  pool.on('error', () => {})
  for (const client of (pool as unknown as { _clients?: { on: Pool['on'] }[] })._clients ?? []) {
    client.on('error', () => {})
  }
  // Ends the idle connections now. `end()` waits for every connection to be released, which
  // Payload's own never is: waiting for it would hang. Their ends are waited for, though: a
  // connection that is ending has left the pool and its error listener, so a database dropped or
  // terminated under it then (`DROP DATABASE … WITH (FORCE)`) would be an uncaught error. Payload's
  // own keeps its listener.
  void pool.end()
  for (
    const started = performance.now();
    pool.totalCount > 1 && performance.now() - started < SETTLE_MS;
  ) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
