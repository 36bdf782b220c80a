/** What the account list and the security panel say about whether an account can sign in now. */
export type AccountStatus =
  { kind: 'active' } | { kind: 'locked'; until: string } | { kind: 'suspended' }

/**
 * An account's status at `now`: suspended (until an administrator unblocks it), locked (the lockout's
 * backoff runs until a time still ahead), else active. A lock whose time has passed no longer stops
 * anyone (the lockout compares with the clock at each attempt), so it reads as active: showing it
 * would send an administrator after a lock that is not there.
 */
export const accountStatusOf = (
  account: {
    lockoutUntil?: null | string
    security?: { status?: null | string } | null
  },
  now: number,
): AccountStatus => {
  if (account.security?.status === 'suspended') {
    return { kind: 'suspended' }
  }
  const until = account.lockoutUntil ? new Date(account.lockoutUntil) : null
  if (until && !Number.isNaN(until.getTime()) && until.getTime() > now) {
    return { kind: 'locked', until: until.toISOString() }
  }
  return { kind: 'active' }
}
