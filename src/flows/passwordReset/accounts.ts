import type { StaffAccount } from '../../shared/accounts/staffAccount.js'

/** An account as the reset flow reads it from the database. */
export type ResetAccount = {
  invitation?: { status?: null | string } | null
} & Pick<
  StaffAccount,
  'email' | 'id' | 'identityProvider' | 'name' | 'preferredLanguage' | 'security'
>

/**
 * Whether the account waits on its invitation (pending) or was refused entry (revoked): its way in
 * is the invitation, never a reset, which would give it a password its invitee never chose.
 */
export const hasOpenInvitation = (account: Pick<ResetAccount, 'invitation'>): boolean =>
  account.invitation?.status === 'pending' || account.invitation?.status === 'revoked'
