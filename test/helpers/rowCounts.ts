import type { Payload } from 'payload'

import type { Json } from './json.js'

import { flushRefusalSummaries } from '../../src/shared/audit/recordRefusal.js'

type Sql = (text: string, values?: unknown[]) => Promise<Json[]>

/** The number of rows in every table of the test database but the job queue's, by table: what a request wrote, whatever table it chose. */
export const rowCounts = async (payload: Payload, sql: Sql): Promise<Record<string, number>> => {
  // The refusal summaries earlier requests left counting are written first: otherwise the minute's
  // sweep writes them on its own timer, and in one CI run it did so between two counts (an
  // audit_log row no request of the test wrote).
  await flushRefusalSummaries(payload)
  // Payload's job queue is left out: its scheduler queues the video reconciler on its own clock
  // (the task's `schedule`), whatever a request did, and a count taken across a tick differed by
  // two jobs and a stats row in one CI run.
  const tables = await sql(
    `SELECT table_schema, table_name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
       AND table_name NOT IN ('payload_jobs', 'payload_jobs_log', 'payload_jobs_stats')`,
  )
  const counts: Record<string, number> = {}
  for (const { table_name: name, table_schema: schema } of tables as {
    table_name: string
    table_schema: string
  }[]) {
    const [row] = await sql(`SELECT count(*)::int AS n FROM "${schema}"."${name}"`)
    counts[name] = (row as { n: number }).n
  }
  return counts
}

/**
 * The tables that gained rows between two `rowCounts`, with how many. A table that lost rows is
 * background work finishing (Payload deletes a job once it has run), not a write to look for.
 */
export const rowsAdded = (
  before: Record<string, number>,
  after: Record<string, number>,
): Record<string, number> =>
  Object.fromEntries(
    Object.keys({ ...before, ...after })
      .map((name) => [name, (after[name] ?? 0) - (before[name] ?? 0)] as const)
      .filter(([, added]) => added > 0),
  )
