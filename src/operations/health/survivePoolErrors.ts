import type { Payload } from 'payload'

/** The event emitter part of node-postgres' `Pool`, which Payload's Postgres adapter keeps as `pool`. */
type PoolEvents = {
  listenerCount: (event: 'error') => number
  on: (event: 'error', listener: (error: Error) => void) => unknown
}

/**
 * When PostgreSQL restarts or fails over, node-postgres' pool emits `error` for each idle connection
 * the server closed, and an `error` event nobody listens to ends the Node process. node-postgres asks
 * every application to listen ("the pool will emit an error on behalf of any idle clients … you
 * should listen to it", https://node-postgres.com/apis/pool#error); Payload 3.90's adapter does not.
 * The pool drops the broken connection by itself and opens a new one on the next query, so a warning
 * is all it takes: the app keeps serving, and `/api/ready` answers 503 until the database is back.
 */
export const survivePoolErrors = (payload: Payload): void => {
  const pool = (payload.db as unknown as { pool?: PoolEvents }).pool
  if (!pool || typeof pool.on !== 'function' || pool.listenerCount('error') > 0) {
    return
  }
  pool.on('error', (error) => {
    payload.logger.warn({
      err: error,
      msg: 'payload-backoffice: the database closed an idle connection; the next query opens another',
    })
  })
}
