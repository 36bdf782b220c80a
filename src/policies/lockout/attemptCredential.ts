import type { PayloadRequest } from 'payload'

import type { StaffAccount } from '../../shared/accounts/staffAccount.js'
import type { AuditEventName } from '../../shared/audit/auditEvents.js'
import type { AuditParty } from '../../shared/audit/recordAuditEvent.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { KnownBrowser } from './knownBrowsers.js'
import type { LockedRefusal } from './knownLocks.js'

import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { recordRefusal } from '../../shared/audit/recordRefusal.js'
import { suspendAccount } from '../suspension/suspendAccount.js'
import {
  claimAccountAttempt,
  claimKeyedAttempt,
  settleFailure,
  settleFirstFactor,
  settleKeyedSuccess,
  settleSuccess,
} from './attempts.js'
import { alertGuessing } from './guessingAlert.js'
import {
  claimSecondFactorGuess,
  clearSecondFactorGuesses,
  releaseSecondFactorGuess,
} from './secondFactorGuesses.js'

/** What checking a credential under the lockout came to. */
export type CredentialAttempt<T> =
  /**
   * Locked: no credential was checked and nothing was counted. `budget` is the lock's: the account's
   * lockout until `lockedUntil`, or its second-factor guesses, spent until an administrator acts;
   * `refusal` is how it was recorded.
   */
  | {
      budget: 'account' | 'secondFactor'
      kind: 'locked'
      lockedUntil: Date | null
      refusal: LockedRefusal
    }
  /** Wrong: counted; the lock, and after `suspendAfter` failures the suspension, are in place. */
  | { kind: 'wrong' }
  /** Right: the count is back to zero (or, with a second factor due, this attempt's claim undone). */
  | { kind: 'correct'; value: T }
  /**
   * Right, but parallel wrong guesses locked the account while it was being checked: the policy says
   * locked, so the caller must refuse (and undo whatever `check` did).
   */
  | { kind: 'lockedMeanwhile'; value: T }

export type CredentialCheck<T> = (claim: { claimedFailures: number }) => Promise<
  /** `reason` is recorded with the failure; `event`, when given, replaces `audit.failedEvent`. */
  | { correct: false; event?: AuditEventName; reason: string }
  /**
   * `secondFactorDue`: right, but the sign-in is not complete until a second factor passes, so only
   * this attempt's own count is undone and earlier failures stay (see `settleFirstFactor`).
   */
  | { correct: true; secondFactorDue?: boolean; value: T }
>

/**
 * One guess at an account's credential (a password at sign-in or at a password change, a code at the
 * second step), counted by the one lockout whatever the factor, as Keycloak's shared counter does: so
 * wrong codes and wrong passwords add up toward the same waits and the same suspension. Whose count:
 * the browser's own when it has signed in to the account before, else the account's, shared by every
 * unknown browser (see knownBrowsers.ts). The attempt is
 * counted in the database before `check` runs, so the count is exact however many requests race (see
 * attempts.ts); while the account is locked no credential is checked at all (OWASP ASVS 5.0 6.3.1,
 * NIST SP 800-63B 5.2.2). A code also spends the account's second-factor budget, wrong codes since
 * the last right one, which no password reset clears: at `suspendAfter` the account is suspended,
 * and no further code is checked (see secondFactorGuesses.ts). Refusals are audited as
 * `audit.lockedEvent` (locked) or `audit.failedEvent` (wrong), with the lock and the suspension they
 * lead to.
 */
export const attemptCredential = async <T>(
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    account,
    audit,
    check,
    factor = 'password',
    knownBrowser = null,
    onSuspendAfter = 'suspend',
  }: {
    account: Pick<StaffAccount, 'email' | 'id' | 'security'>
    /** How refusals are recorded: who made the attempt (`null`: nobody signed in), extra data, events. */
    audit: {
      actor: AuditParty
      data: Record<string, unknown>
      failedEvent: AuditEventName
      /** The event of an attempt refused because the account is locked; `failedEvent` by default. */
      lockedEvent?: AuditEventName
    }
    check: CredentialCheck<T>
    /** `secondFactor`: a code, which also spends the account's second-factor budget. */
    factor?: 'password' | 'secondFactor'
    /**
     * The browser's own lockout budget when it has signed in to the account before; otherwise the
     * attempt spends the account's, shared by every browser the account has not signed in from.
     */
    knownBrowser?: KnownBrowser | null
    /**
     * What `suspendAfter` failures on the account's shared budget lead to: a suspension, or, for
     * passwords guessed from unknown browsers by someone not signed in, an alert to administrators
     * (a stranger must not be able to suspend the owner; the unknown browsers stay locked).
     */
    onSuspendAfter?: 'alert' | 'suspend'
  },
): Promise<CredentialAttempt<T>> => {
  const { payload } = req
  const refused = (event: AuditEventName, data: Record<string, unknown>) =>
    recordAuditEvent(req, {
      actor: audit.actor,
      data: { ...audit.data, ...data },
      event,
      user: account,
    })

  const lockedEvent = audit.lockedEvent ?? audit.failedEvent
  // Guesses at a locked account come in floods: after the first, summed up once a minute.
  const recordLocked = async (reason: string, lockedUntil: Date | null) => {
    const refusal: LockedRefusal = {
      audit: {
        actor: audit.actor,
        data: { ...audit.data, reason },
        event: lockedEvent,
        user: account,
      },
      key: `${knownBrowser?.key ?? `account:${account.id}`}:${lockedEvent}:${reason}`,
      lockedUntil,
    }
    await recordRefusal(req, refusal.key, refusal.audit)
    return refusal
  }

  // The second-factor budget first: once spent, no code is checked.
  const secondFactorGuesses =
    factor === 'secondFactor' ? await claimSecondFactorGuess(payload, options, account.id) : null
  if (factor === 'secondFactor' && secondFactorGuesses === null) {
    return {
      budget: 'secondFactor',
      kind: 'locked',
      lockedUntil: null,
      refusal: await recordLocked('secondFactorBudgetSpent', null),
    }
  }
  const releaseGuess = () =>
    secondFactorGuesses === null
      ? Promise.resolve()
      : releaseSecondFactorGuess(payload, options, account.id)

  const claim = knownBrowser
    ? await claimKeyedAttempt(payload, options, knownBrowser.key)
    : await claimAccountAttempt(payload, options, account.id)
  if (claim.locked) {
    await releaseGuess()
    return {
      budget: 'account',
      kind: 'locked',
      lockedUntil: claim.lockedUntil,
      refusal: await recordLocked('locked', claim.lockedUntil),
    }
  }

  const outcome = await check({ claimedFailures: claim.failures })
  if (!outcome.correct) {
    if (!knownBrowser) {
      // A known browser's budget row records its own time at the claim.
      await settleFailure(payload, options, account.id, claim.claimedAt)
    }
    await refused(outcome.event ?? audit.failedEvent, {
      ...(knownBrowser ? { browser: 'known' } : {}),
      consecutiveFailures: claim.failures,
      reason: outcome.reason,
      ...(secondFactorGuesses === null ? {} : { secondFactorFailures: secondFactorGuesses }),
    })
    if (claim.failures >= options.lockout.threshold) {
      await recordAuditEvent(req, {
        actor: null,
        data: {
          ...(knownBrowser ? { browser: 'known' } : {}),
          consecutiveFailures: claim.failures,
        },
        event: 'account.locked',
        user: account,
      })
    }
    const suspendAfter = options.lockout.suspendAfter
    const security = account.security
    if (secondFactorGuesses !== null && secondFactorGuesses >= suspendAfter) {
      // Also over a suspension for another reason: only this one outlives a password reset.
      if (
        security?.status !== 'suspended' ||
        security.suspensionReason !== 'secondFactorFailures'
      ) {
        await suspendAccount(req, options, { reason: 'secondFactorFailures', userId: account.id })
      }
    } else if (claim.failures >= suspendAfter && !knownBrowser && onSuspendAfter === 'alert') {
      // Once per `suspendAfter` guesses: a stranger's guessing cannot flood the administrators.
      if (claim.failures % suspendAfter === 0) {
        await alertGuessing(req, options, { account, failures: claim.failures })
      }
    } else if (claim.failures >= suspendAfter && security?.status !== 'suspended') {
      await suspendAccount(req, options, { reason: 'excessiveFailures', userId: account.id })
    }
    return { kind: 'wrong' }
  }

  const settled = knownBrowser
    ? await settleKeyedSuccess(
        payload,
        knownBrowser.key,
        claim.failures,
        outcome.secondFactorDue ? 'undoClaim' : 'reset',
      )
    : await (outcome.secondFactorDue ? settleFirstFactor : settleSuccess)(
        payload,
        options,
        account.id,
        claim.failures,
      )
  if (!settled) {
    // Refused after all: a right code is no wrong guess.
    await releaseGuess()
    return { kind: 'lockedMeanwhile', value: outcome.value }
  }
  if (secondFactorGuesses !== null) {
    await clearSecondFactorGuesses(req, options, account.id)
  }
  return { kind: 'correct', value: outcome.value }
}
