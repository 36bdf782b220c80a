import pg from 'pg'
import { beforeEach } from 'vitest'

/**
 * When an integration test fails (a timeout above all), prints what its database is doing: each
 * connection's state, what it waits for, how long its transaction has been open, what blocks it.
 * A test that hangs on a lock or an exhausted pool says nothing else; this is what tells which.
 * Runs on its own connection, with short timeouts, so a stuck database cannot hold the run.
 */
beforeEach(({ onTestFailed, task }) => {
  onTestFailed(async () => {
    const connectionString = process.env.DATABASE_URL
    if (!connectionString) {
      return
    }
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis: 5000,
      statement_timeout: 5000,
    })
    try {
      await client.connect()
      const { rows } = await client.query(
        `SELECT pid, state, wait_event_type, wait_event, pg_blocking_pids(pid) AS blocked_by,
           round(extract(epoch FROM now() - xact_start)) AS transaction_seconds,
           left(query, 300) AS query
         FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()
         ORDER BY xact_start NULLS LAST`,
      )
      console.error(`The database's connections after "${task.name}" failed:`, rows)
    } catch (error) {
      console.error(`Could not read the database's connections after "${task.name}" failed:`, error)
    } finally {
      await client.end().catch(() => undefined)
    }
  })
})
