import type { TaskConfig } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import { sqlFor } from '../../shared/db/sql.js'

type BeforeSchedule = NonNullable<
  NonNullable<NonNullable<TaskConfig['schedule']>[number]['hooks']>['beforeSchedule']
>

/**
 * One of the reconcile task's two schedules (`scope`: the daily storage check, or the frequent
 * takeover of dead workers' encodes): queues a run with `{ scope }` as its input unless one is
 * already waiting. Payload's own rule counts any unfinished job of the task, so the daily run
 * waiting for 04:00 would block the frequent one; and it counts jobs marked as processing, which
 * in Payload 3.90 a worker killed while running one leaves so for ever, stopping the schedule.
 */
export const scheduleUnlessWaiting =
  (scope: 'storage' | 'takeover'): BeforeSchedule =>
  async ({ queueable, req }) => {
    const jobs = sqlFor(req.payload, 'payload-jobs')
    const c = jobs.column
    const waiting = await jobs.execute(
      sql`SELECT 1 FROM ${jobs.table}
           WHERE ${c('taskSlug')} = ${queueable.taskConfig?.slug ?? ''}
             AND ${c('queue')} = ${queueable.scheduleConfig.queue}
             AND ${c('completedAt')} IS NULL AND ${c('hasError')} IS NOT TRUE
             AND ${c('processing')} IS NOT TRUE
             AND COALESCE(${c('input')}->>'scope', 'storage') = ${scope}
           LIMIT 1`,
      req,
    )
    return {
      input: { scope },
      shouldSchedule: waiting.length === 0,
      waitUntil: queueable.waitUntil,
    }
  }
