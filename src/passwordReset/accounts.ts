/** An account as the reset flow reads it from the database. */
export type ResetAccount = {
  email?: null | string
  id: number | string
  identityProvider?: null | string
  name?: unknown
  preferredLanguage?: unknown
  security?: { status?: null | string } | null
}

/**
 * Whether the account signs in with a password here. The sign-in method is exclusive (one per account): an
 * account of an external provider has no password to reset, and must never be given one by email.
 */
export const isLocalAccount = (account: Pick<ResetAccount, 'identityProvider'>): boolean =>
  account.identityProvider == null ||
  account.identityProvider === '' ||
  account.identityProvider === 'local'

/** Display names of the common external sign-in providers; any other id is shown as it is. */
const providerNames: Record<string, string> = {
  google: 'Google',
  'msft-entra': 'Microsoft Entra ID',
}

export const providerName = (id: string): string => providerNames[id] ?? id
