import type { StaffAccount } from '../accounts/staffAccount.js'
/** An account as the reset flow reads it from the database. */
export type ResetAccount = {
  invitation?: { status?: null | string } | null
} & Pick<
  StaffAccount,
  'email' | 'id' | 'identityProvider' | 'name' | 'preferredLanguage' | 'security'
>

/**
 * Whether the account signs in with a password here. The sign-in method is exclusive (one per account): an
 * account of an external provider has no password to reset, and must never be given one by email.
 */
export const isLocalAccount = (account: Pick<ResetAccount, 'identityProvider'>): boolean =>
  account.identityProvider == null ||
  account.identityProvider === '' ||
  account.identityProvider === 'local'

/**
 * Whether the account waits on its invitation (pending) or was refused entry (revoked): its way in
 * is the invitation, never a reset, which would give it a password its invitee never chose.
 */
export const hasOpenInvitation = (account: Pick<ResetAccount, 'invitation'>): boolean =>
  account.invitation?.status === 'pending' || account.invitation?.status === 'revoked'

/** Display names of the common external sign-in providers; any other id is shown as it is. */
const providerNames: Record<string, string> = {
  google: 'Google',
  'msft-entra': 'Microsoft Entra ID',
}

export const providerName = (id: string): string => providerNames[id] ?? id
