import type { BackofficeTranslationKey } from '../translations/types.js'
import type { AuditCategory } from './auditCategories.js'

type AuditEventDefinition = {
  category: AuditCategory
  /**
   * How the admin marks the event (a badge with text, not colour alone): `refusal` for something the
   * plugin refused (a wrong password or code, a replay, a rate limit), `alert` for what an
   * administrator should look at (a lockout, a suspension, guessing, a secret that cannot be read).
   */
  mark?: 'alert' | 'refusal'
  /**
   * Written outside the request's database transaction, so the entry stays when the operation that
   * reports it fails and rolls back: a failed sign-in, a lockout and a suspension are recorded while
   * the sign-in itself throws. Every other event is written inside the transaction, so it is stored
   * exactly when the change it describes is.
   */
  survivesRollback?: true
  translationKey: BackofficeTranslationKey
}

/**
 * Every event the audit log knows, with its category and the text the admin shows for it. Other
 * capabilities add theirs here; the names are stored in the database (a select, so a new name is a
 * new enum value and needs a migration, like any schema change).
 */
export const auditEvents = {
  'login.succeeded': { category: 'authentication', translationKey: 'auditEventLoginSucceeded' },
  'login.newBrowserNoticed': {
    category: 'authentication',
    translationKey: 'auditEventLoginNewBrowserNoticed',
  },
  'login.newBrowserReported': {
    mark: 'alert',
    category: 'authentication',
    survivesRollback: true,
    translationKey: 'auditEventLoginNewBrowserReported',
  },
  'login.failed': {
    mark: 'refusal',
    category: 'authentication',
    survivesRollback: true,
    translationKey: 'auditEventLoginFailed',
  },
  // Refusals of a locked account or address after the first in a minute, summed up: data.refusals,
  // data.firstAt, data.lastAt, data.sampleAddresses.
  'login.refusalsSummarised': {
    mark: 'refusal',
    category: 'authentication',
    survivesRollback: true,
    translationKey: 'auditEventLoginRefusalsSummarised',
  },
  // A provider identity linked to its account at its first single sign-on: data.provider, issuer,
  // subject (a hash), accountId.
  'sso.linked': { category: 'authentication', translationKey: 'auditEventSsoLinked' },
  // An account of a provider confirmed itself there for sudo mode: data.provider, issuer, subject.
  'sso.reauthenticated': {
    category: 'authentication',
    translationKey: 'auditEventSsoReauthenticated',
  },
  'password.changed': { category: 'authentication', translationKey: 'auditEventPasswordChanged' },
  // A wrong current password given to change password: counted by the lockout like a failed sign-in.
  'password.changeFailed': {
    mark: 'refusal',
    category: 'authentication',
    survivesRollback: true,
    translationKey: 'auditEventPasswordChangeFailed',
  },
  // The signed-in user confirmed their password (sudo mode): sensitive changes are open for a while.
  'password.confirmed': {
    category: 'authentication',
    translationKey: 'auditEventPasswordConfirmed',
  },
  // A wrong password given to confirm it's you: counted by the lockout like a failed sign-in.
  'password.confirmFailed': {
    mark: 'refusal',
    category: 'authentication',
    survivesRollback: true,
    translationKey: 'auditEventPasswordConfirmFailed',
  },
  'password.reset': { category: 'authentication', translationKey: 'auditEventPasswordReset' },
  // A forgot-password request: data.kind resetLink or signInMethod, or data.reason throttled or unknownAccount.
  'password.resetRequested': {
    category: 'authentication',
    translationKey: 'auditEventPasswordResetRequested',
  },
  // A right password for an account whose sign-in needs a code (or enrolment) first: data.need.
  'twoFactor.challengeStarted': {
    category: 'twoFactor',
    survivesRollback: true,
    translationKey: 'auditEventTwoFactorChallengeStarted',
  },
  // Two-factor turned on by an account's first factor, or the app set up: data.factor (totp or
  // passkey), data.via (account, or signIn for the enrolment a sign-in asked for).
  'twoFactor.enrolled': {
    category: 'twoFactor',
    translationKey: 'auditEventTwoFactorEnrolled',
  },
  'twoFactor.challengeSucceeded': {
    category: 'twoFactor',
    translationKey: 'auditEventTwoFactorChallengeSucceeded',
  },
  // The owner replaced the authenticator app (a new phone), proved with the old one's code or a
  // recovery code: the new app's secret took over.
  'twoFactor.appReplaced': {
    category: 'twoFactor',
    translationKey: 'auditEventTwoFactorAppReplaced',
  },
  // The owner turned the authenticator app off: data.proof (totp or recoveryCode),
  // data.recoveryCodesRemoved (the codes went too when no passkey remained).
  'twoFactor.appRemoved': {
    category: 'twoFactor',
    translationKey: 'auditEventTwoFactorAppRemoved',
  },
  // Failures, replays and rate limits are on record even when what reports them rolls back.
  'twoFactor.challengeFailed': {
    mark: 'refusal',
    category: 'twoFactor',
    survivesRollback: true,
    translationKey: 'auditEventTwoFactorChallengeFailed',
  },
  'twoFactor.replayRejected': {
    mark: 'refusal',
    category: 'twoFactor',
    survivesRollback: true,
    translationKey: 'auditEventTwoFactorReplayRejected',
  },
  'twoFactor.rateLimited': {
    mark: 'refusal',
    category: 'twoFactor',
    survivesRollback: true,
    translationKey: 'auditEventTwoFactorRateLimited',
  },
  // A right password, but the account's TOTP secret opens with no configured key: data.factor,
  // data.stage (signIn or enrolment), data.administratorsAlerted (whether this one sent the alert).
  'twoFactor.secretUnreadable': {
    mark: 'alert',
    category: 'twoFactor',
    survivesRollback: true,
    translationKey: 'auditEventTwoFactorSecretUnreadable',
  },
  'twoFactor.deviceTrusted': {
    category: 'twoFactor',
    translationKey: 'auditEventTrustedDeviceAdded',
  },
  'twoFactor.deviceRemoved': {
    category: 'twoFactor',
    translationKey: 'auditEventTrustedDeviceRemoved',
  },
  // A new set of recovery codes (the earlier ones voided): data.count, data.previousRemaining.
  'twoFactor.recoveryCodesGenerated': {
    category: 'twoFactor',
    translationKey: 'auditEventRecoveryCodesGenerated',
  },
  // A recovery code stood in for the second factor at sign-in: data.remaining.
  'twoFactor.recoveryCodeUsed': {
    category: 'twoFactor',
    translationKey: 'auditEventRecoveryCodeUsed',
  },
  // data.passkeyId, name, browser, os, backedUp (a synced passkey).
  'twoFactor.passkeyAdded': {
    category: 'twoFactor',
    translationKey: 'auditEventPasskeyAdded',
  },
  // data.passkeyId, name, previousName; only the owner renames.
  'twoFactor.passkeyRenamed': {
    category: 'twoFactor',
    translationKey: 'auditEventPasskeyRenamed',
  },
  // data.passkeyId, name; the actor is the owner or an administrator.
  'twoFactor.passkeyRemoved': {
    category: 'twoFactor',
    translationKey: 'auditEventPasskeyRemoved',
  },
  'twoFactor.resetRequested': {
    category: 'twoFactor',
    translationKey: 'auditEventTwoFactorResetRequested',
  },
  'twoFactor.resetApproved': {
    category: 'twoFactor',
    translationKey: 'auditEventTwoFactorResetApproved',
  },
  'twoFactor.resetDenied': {
    mark: 'refusal',
    category: 'twoFactor',
    translationKey: 'auditEventTwoFactorResetDenied',
  },
  'twoFactor.misuseReported': {
    mark: 'alert',
    category: 'twoFactor',
    survivesRollback: true,
    translationKey: 'auditEventTwoFactorMisuseReported',
  },
  'twoFactor.resetExpired': {
    category: 'twoFactor',
    translationKey: 'auditEventTwoFactorResetExpired',
  },
  'account.locked': {
    mark: 'alert',
    category: 'account',
    survivesRollback: true,
    translationKey: 'auditEventAccountLocked',
  },
  'account.suspended': {
    mark: 'alert',
    category: 'account',
    survivesRollback: true,
    translationKey: 'auditEventAccountSuspended',
  },
  'account.guessingDetected': {
    mark: 'alert',
    category: 'account',
    survivesRollback: true,
    translationKey: 'auditEventAccountGuessingDetected',
  },
  'account.unblocked': { category: 'account', translationKey: 'auditEventAccountUnblocked' },
  // A recovery path ended every way in someone else may hold: data.trigger, data.since, data.added
  // (the kinds of what was added since, each held for a recovery review).
  'account.intruderEvicted': {
    mark: 'alert',
    category: 'account',
    translationKey: 'auditEventIntruderEvicted',
  },
  // An administrator removed what a recovery review held back: data.removed (the kinds).
  'account.recoveryReviewApproved': {
    category: 'account',
    translationKey: 'auditEventRecoveryReviewApproved',
  },
  // "This wasn't me" on the email telling of a passkey, an app, recovery codes or an identity added.
  'account.signInChangeReported': {
    mark: 'alert',
    category: 'account',
    translationKey: 'auditEventSignInChangeReported',
  },
  // The account's API key stopped working because its sessions ended: data.reason is the sessions'.
  'account.apiKeyDisabled': { category: 'account', translationKey: 'auditEventApiKeyDisabled' },
  // data.previousEmail, data.newEmail, and data.restoreEmail (the address the run's undo link restores) or data.repair.
  'account.emailChanged': { category: 'account', translationKey: 'auditEventEmailChanged' },
  // An administrator changed the account's sign-in method: data.from, data.to (local or a provider id).
  'account.signInMethodChanged': {
    category: 'account',
    translationKey: 'auditEventSignInMethodChanged',
  },
  // The old address's undo link was used: data.restoredEmail, data.newEmail; every session ended.
  'account.emailChangeUndone': {
    category: 'account',
    translationKey: 'auditEventEmailChangeUndone',
  },
  'session.revoked': { category: 'session', translationKey: 'auditEventSessionRevoked' },
  'user.created': { category: 'user', translationKey: 'auditEventUserCreated' },
  'user.updated': { category: 'user', translationKey: 'auditEventUserUpdated' },
  'user.deleted': { category: 'user', translationKey: 'auditEventUserDeleted' },
  'user.roleChanged': { category: 'user', translationKey: 'auditEventUserRoleChanged' },
  'invitation.sent': { category: 'user', translationKey: 'auditEventInvitationSent' },
  'invitation.accepted': { category: 'user', translationKey: 'auditEventInvitationAccepted' },
  'invitation.revoked': { category: 'user', translationKey: 'auditEventInvitationRevoked' },
  'content.created': { category: 'content', translationKey: 'auditEventContentCreated' },
  'content.updated': { category: 'content', translationKey: 'auditEventContentUpdated' },
  'content.deleted': { category: 'content', translationKey: 'auditEventContentDeleted' },
  'content.restored': { category: 'content', translationKey: 'auditEventContentRestored' },
  'content.published': { category: 'content', translationKey: 'auditEventContentPublished' },
} as const satisfies Record<string, AuditEventDefinition>

export type AuditEventName = keyof typeof auditEvents
