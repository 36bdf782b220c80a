import type { PayloadRequest, TaskConfig } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { recordAuditEvent } from '../../../shared/audit/recordAuditEvent.js'
import { inTransaction } from '../../../shared/db/inTransaction.js'
import { expirePendingRequests } from './store.js'

export const resetRequestExpiryTaskSlug = 'backofficeTwoFactorResetExpiry'

/**
 * The Payload jobs task that marks pending reset requests past their 7 days as expired, hourly in
 * the `default` queue (where the app runs its queue, as for the audit retention task). The review
 * endpoints already refuse a request past its expiry and a new request expires the requester's stale
 * one, so this keeps the list true for reviewers rather than guarding anything on its own.
 *
 * Registered even when the plugin is disabled, so the jobs schema does not depend on `enabled`;
 * disabled, it changes nothing.
 */
export const resetRequestExpiryTask = (
  options: SanitizedBackofficeOptions,
): TaskConfig<{ input: object; output: { expired: number } }> => ({
  slug: resetRequestExpiryTaskSlug,
  handler: async ({ req }) => {
    if (!options.enabled) {
      return { output: { expired: 0 } }
    }
    // Each expiry and its audit entry commit together.
    const expired = await inTransaction(req as PayloadRequest, async () => {
      const requests = await expirePendingRequests(req as PayloadRequest, new Date())
      for (const request of requests) {
        await recordAuditEvent(req as PayloadRequest, {
          actor: null,
          data: { requestId: request.id },
          event: 'twoFactor.resetExpired',
          user: { id: request.requester },
        })
      }
      return requests
    })
    return { output: { expired: expired.length } }
  },
  outputSchema: [{ name: 'expired', type: 'number', required: true }],
  retries: 2,
  schedule: [{ cron: '0 * * * *', queue: 'default' }],
})
