import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

/** The two-factor state of an account (`totpConfig`) as the plugin reads it from the database. */
export type TotpConfig = {
  enabledAt?: null | string
  lastUsedStep?: null | number | string
  secret?: null | string
  /** Set when an approved reset request removed the factor: the next sign-in sets one up again. */
  setupRequired?: boolean | null
  status?: 'enabled' | 'pending' | null
}

/**
 * A staff account as the plugin reads it from the database (the row, before any access rule): the
 * app's own fields, plus the security state the plugin adds (lockout counters, the Security group,
 * two-factor state, the sign-in method, the email language).
 */
export type StaffAccount = {
  [field: string]: unknown
  consecutiveFailedLogins?: null | number
  email?: null | string
  hash?: null | string
  id: number | string
  /** `local` (a password) or the id of the single sign-on provider the account signs in with. */
  identityProvider?: null | string
  lastFailedLoginAt?: null | string
  lockoutUntil?: null | string
  name?: unknown
  preferredLanguage?: null | string
  salt?: null | string
  /** Wrong second-factor codes since the last right one (see lockout/secondFactorGuesses.ts). */
  secondFactorFailures?: null | number
  security?: {
    status?: 'active' | 'suspended' | null
    suspensionReason?: null | string
  } & Record<string, unknown>
  totpConfig?: null | TotpConfig
}

/**
 * The account with this id, read straight from the database (in the request's transaction, if it
 * has one), or null. Server code only: the row holds the password hash and the sealed TOTP secret.
 */
export const readAccount = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  id: number | string,
): Promise<null | StaffAccount> =>
  req.payload.db.findOne<StaffAccount>({
    collection: options.usersCollection,
    // The row alone: join fields (the account's trusted devices) are queries of their own, and no
    // reader of a StaffAccount uses them. Payload types `joins` from the app's generated map.
    joins: false as never,
    req,
    where: { id: { equals: id } },
  })
