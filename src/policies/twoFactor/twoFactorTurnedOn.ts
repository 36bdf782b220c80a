import type { PayloadRequest } from 'payload'

import type { StaffAccount } from '../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { endSessions } from '../sessions/endSessions.js'
import { sendSignInAddedNotice } from '../sudo/signInAddedNotice.js'

/** The factor that turned two-factor on: the authenticator app, or a passkey by its name. */
export type TurnedOnBy = { factor: 'passkey'; name: string } | { factor: 'totp' }

/**
 * What turning two-factor on does, whichever factor did it (the app set up, or the account's first
 * passkey): it is audited, every other session of the account ends (each was opened with the password
 * alone, and a thief's would otherwise outlive the new factor: OWASP ASVS 5.0 7.4.3), and the owner is
 * emailed (a change to how the account signs in must not go unnoticed: ASVS 5.0 6.3.7).
 * `keepSid` is the session that turned it on, which stays; a sign-in's enrolment has none yet, so
 * every earlier session ends before its own is made.
 */
export const twoFactorTurnedOn = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    account,
    by,
    keepSid,
    via,
  }: {
    account: Pick<StaffAccount, 'email' | 'id' | 'preferredLanguage'>
    by: TurnedOnBy
    keepSid: null | string
    via: 'account' | 'signIn'
  },
): Promise<void> => {
  await recordAuditEvent(req, {
    actor: account,
    data: { factor: by.factor, via },
    event: 'twoFactor.enrolled',
    user: account,
  })
  await endSessions(req, {
    ...(keepSid ? { exceptSid: keepSid } : {}),
    reason: 'twoFactorChange',
    revokedBy: account.id,
    userId: account.id,
  })
  if (!account.email) {
    return
  }
  await sendSignInAddedNotice(req, options, {
    account,
    addedAt: new Date(),
    body: by.factor === 'passkey' ? 'emailTwoFactorOnPasskeyBody' : 'emailTwoFactorOnAppBody',
    subject: 'emailTwoFactorOnSubject',
    variables: by.factor === 'passkey' ? { name: by.name } : {},
  })
}
