import type { TaskConfig } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { DAY_MS } from '../lib/durations.js'
import { pruneAuditLog } from './pruneAuditLog.js'

export const auditRetentionTaskSlug = 'backofficeAuditRetention'

/**
 * The Payload jobs task that deletes entries older than `audit.retentionDays`, scheduled daily at
 * 03:00 in the `default` queue. Payload only queues and runs scheduled jobs where the app runs its
 * queue (`jobs.autoRun`, or a cron calling `/api/payload-jobs/run`), so the app decides where.
 *
 * The task is registered even when the plugin is disabled: tasks and schedules change the jobs
 * collection's schema (its task-slug enum, the `payload-jobs-stats` global), which must not depend
 * on `enabled`. Disabled, it deletes nothing: audit history is never lost because the plugin is off.
 */
export const auditRetentionTask = (
  options: SanitizedBackofficeOptions,
): TaskConfig<{ input: object; output: { deleted: number } }> => ({
  slug: auditRetentionTaskSlug,
  handler: async ({ req }) => {
    if (!options.enabled) {
      return { output: { deleted: 0 } }
    }
    const before = new Date(Date.now() - options.audit.retentionDays * DAY_MS)
    return {
      output: { deleted: await pruneAuditLog(req.payload, { before, slug: options.audit.slug }) },
    }
  },
  outputSchema: [{ name: 'deleted', type: 'number', required: true }],
  retries: 2,
  schedule: [{ cron: '0 3 * * *', queue: 'default' }],
})
