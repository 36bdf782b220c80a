import type { PayloadRequest } from 'payload'

import type { AuditEventName } from '../audit/auditEvents.js'
import type { AuditParty } from '../audit/recordAuditEvent.js'
import type { SanitizedBackofficeOptions } from '../options/types.js'

import { recordAuditEvent } from '../audit/recordAuditEvent.js'
import { suspendAccount } from '../suspension/suspendAccount.js'
import { claimAccountAttempt, settleFailure, settleFirstFactor, settleSuccess } from './attempts.js'

/** What checking a password under the lockout came to. */
export type PasswordAttempt<T> =
  /** Locked: no password was checked and nothing was counted. */
  | { kind: 'locked'; lockedUntil: Date | null }
  /** Wrong: counted; the lock, and after `suspendAfter` failures the suspension, are in place. */
  | { kind: 'wrong' }
  /** Right: the count is back to zero. */
  | { kind: 'correct'; value: T }
  /**
   * Right, but parallel wrong guesses locked the account while it was being checked: the policy says
   * locked, so the caller must refuse (and undo whatever `check` did).
   */
  | { kind: 'lockedMeanwhile'; value: T }

export type PasswordCheck<T> = (claim: { claimedFailures: number }) => Promise<
  | { correct: false }
  /**
   * `secondFactorDue`: right, but the sign-in is not complete until a second factor passes, so only
   * this attempt's own count is undone and earlier failures stay (see `settleFirstFactor`).
   */
  | { correct: true; secondFactorDue?: boolean; value: T }
>

type Account = { id: number | string; security?: { status?: string } }

/**
 * One guess at an account's password, counted by the lockout whatever path it comes by (sign-in,
 * change password): counted in the database before `check` runs, so the count is exact however many
 * requests race (see attempts.ts); while the account is locked no password is checked at all (ASVS 5.0
 * 6.3.1, NIST SP 800-63B 5.2.2). Failures are audited as `failedEvent`, with the lock and the
 * suspension they lead to.
 */
export const attemptPassword = async <T>(
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    account,
    audit,
    check,
  }: {
    account: Account
    /** How failures are recorded: the event, who made the attempt (`null`: nobody signed in), extra data. */
    audit: {
      actor: AuditParty
      data: Record<string, unknown>
      failedEvent: Extract<AuditEventName, 'login.failed' | 'password.changeFailed'>
    }
    check: PasswordCheck<T>
  },
): Promise<PasswordAttempt<T>> => {
  const { payload } = req
  const failed = (data: Record<string, unknown>) =>
    recordAuditEvent(req, {
      actor: audit.actor,
      data: { ...audit.data, ...data },
      event: audit.failedEvent,
      user: account,
    })

  const claim = await claimAccountAttempt(payload, options, account.id)
  if (claim.locked) {
    await failed({ reason: 'locked' })
    return { kind: 'locked', lockedUntil: claim.lockedUntil }
  }

  const outcome = await check({ claimedFailures: claim.failures })
  if (!outcome.correct) {
    await settleFailure(payload, options, account.id, claim.claimedAt)
    await failed({ consecutiveFailures: claim.failures, reason: 'wrongPassword' })
    if (claim.failures >= options.lockout.threshold) {
      await recordAuditEvent(req, {
        actor: null,
        data: { consecutiveFailures: claim.failures },
        event: 'account.locked',
        user: account,
      })
    }
    if (
      claim.failures >= options.lockout.suspendAfter &&
      account.security?.status !== 'suspended'
    ) {
      await suspendAccount(req, options, { reason: 'excessiveFailures', userId: account.id })
    }
    return { kind: 'wrong' }
  }

  const settle = outcome.secondFactorDue ? settleFirstFactor : settleSuccess
  return (await settle(payload, options, account.id, claim.failures))
    ? { kind: 'correct', value: outcome.value }
    : { kind: 'lockedMeanwhile', value: outcome.value }
}
