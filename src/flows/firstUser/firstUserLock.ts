import type { Payload } from 'payload'

type PoolClient = {
  query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
  release: (error?: Error) => void
}

/** Namespace of the plugin's advisory locks; the second key is the users collection's slug. */
const lockNamespace = 'payload-backoffice:first-user'

/**
 * Runs `work` while holding a PostgreSQL advisory lock for creating the first user, so "no account
 * yet, so create one" cannot interleave between two requests, on any number of app processes (two
 * people opening a fresh install at once must not both become administrators). The lock is only
 * tried, never waited for: the loser learns at once that a first user is being created, and no
 * request sits holding a database connection while another needs one.
 *
 * The lock belongs to one connection taken from the pool for the purpose, held until `work` has
 * committed. If it cannot be released, that connection is closed, which releases it.
 */
export const whileHoldingFirstUserLock = async <T>(
  payload: Payload,
  usersCollection: string,
  work: () => Promise<T>,
): Promise<{ acquired: false } | { acquired: true; value: T }> => {
  const pool = (payload.db as unknown as { pool?: { connect: () => Promise<PoolClient> } }).pool
  if (!pool) {
    throw new Error(
      'payload-backoffice: creating the first user needs a PostgreSQL database adapter (@payloadcms/db-postgres).',
    )
  }
  const client = await pool.connect()
  let unreleased: Error | undefined
  try {
    const key = [lockNamespace, usersCollection]
    const [row] = (
      await client.query('SELECT pg_try_advisory_lock(hashtext($1), hashtext($2)) AS acquired', key)
    ).rows
    if (row?.acquired !== true) {
      return { acquired: false }
    }
    try {
      return { acquired: true, value: await work() }
    } finally {
      await client
        .query('SELECT pg_advisory_unlock(hashtext($1), hashtext($2))', key)
        .catch((error: Error) => {
          unreleased = error
        })
    }
  } finally {
    client.release(unreleased)
  }
}
