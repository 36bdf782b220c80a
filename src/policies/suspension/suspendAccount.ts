import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { SuspensionReason } from './fields.js'

import { readAccount } from '../../shared/accounts/staffAccount.js'
import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { revokeSessions } from '../sessions/revokeSessions.js'
import { sendSuspensionEmails } from './emails.js'

/** Writes the plugin-owned account fields, which no API caller may write (field access is skipped). */
const writeAccountState = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  data: Record<string, unknown>,
) =>
  req.payload.update({
    id: userId,
    collection: options.usersCollection,
    data,
    overrideAccess: true,
    req,
  })

/**
 * Suspends an account: it cannot sign in until an administrator unblocks it or its owner completes a
 * password reset (not after `secondFactorFailures`: see liftSuspensionAfterReset.ts), and all its
 * sessions end now. Called automatically after excessive failures or wrong second-factor codes, and
 * by the rest of the plugin on a security incident or a misuse report.
 */
export const suspendAccount = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    alsoTell,
    by,
    reason,
    reviewSince,
    userId,
  }: {
    /** Another address of the owner's to tell (the one a "this wasn't me" link was sent to). */
    alsoTell?: null | string
    by?: null | number | string
    reason: SuspensionReason
    /** For a recovery review: what was added from then on is what it holds back. */
    reviewSince?: Date
    userId: number | string
  },
): Promise<void> => {
  await writeAccountState(req, options, userId, {
    security: {
      reviewSince: reviewSince?.toISOString() ?? null,
      status: 'suspended',
      suspendedAt: new Date().toISOString(),
      suspendedBy: by ?? null,
      suspensionReason: reason,
    },
  })
  // All its sessions end at once (ASVS 5.0 7.4.2); after the update, which writes the user back whole.
  await revokeSessions(req, { reason: 'suspension', revokedBy: by ?? null, userId })
  await recordAuditEvent(req, {
    actor: by == null ? null : { id: by },
    data: { reason },
    event: 'account.suspended',
    user: { id: userId },
  })
  const account = await readAccount(req, options, userId)
  if (account) {
    // Automatic when no administrator decided it (excessive failures, a misuse report, an incident).
    await sendSuspensionEmails(req, options, account, { alsoTell, automatic: by == null, reason })
  }
}

/**
 * Lifts a suspension, as an administrator does, and clears the failures that may have caused it:
 * failed sign-ins and wrong second-factor codes.
 */
export const liftSuspension = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
): Promise<void> => {
  await writeAccountState(req, options, userId, {
    consecutiveFailedLogins: 0,
    lockoutUntil: null,
    secondFactorFailures: 0,
    security: {
      reviewSince: null,
      status: 'active',
      suspendedAt: null,
      suspendedBy: null,
      suspensionReason: null,
    },
  })
}
