import type { StaffAccount } from './staffAccount.js'

/** The one way an account signs in: `local` (email and password) or a single sign-on provider's id. */
export const signInMethodOf = (account: Pick<StaffAccount, 'identityProvider'>): string =>
  typeof account.identityProvider === 'string' && account.identityProvider !== ''
    ? account.identityProvider
    : 'local'

/** Whether the account signs in with a password (accounts from before the field count as local). */
export const isLocalAccount = (account: Pick<StaffAccount, 'identityProvider'>): boolean =>
  signInMethodOf(account) === 'local'

// Names of the provider kinds' usual ids, for accounts of a provider no longer configured.
const wellKnownNames: Record<string, string> = { google: 'Google', 'msft-entra': 'Microsoft' }

/** A sign-in method's name for people: the provider's label, else a known name, else its id. */
export const providerLabel = (
  options: { sso: { providers: { id: string; label: string }[] } },
  id: string,
): string =>
  options.sso.providers.find((provider) => provider.id === id)?.label ?? wellKnownNames[id] ?? id
