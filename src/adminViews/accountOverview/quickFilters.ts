/** The users list's quick filters, by name. */
export const quickFilterNames = ['suspended', 'locked', 'withoutSecondFactor'] as const
export type QuickFilterName = (typeof quickFilterNames)[number]

/** One query-string parameter: `where[or][0][and][0][security.status][equals]`, `suspended`. */
type Param = [key: string, value: string]

/**
 * A filter's `where` in the shape Payload's own filter controls write to the address bar
 * (`where[or][0][and][j][field][operator]`), so its filter panel shows the conditions it applies and
 * an administrator can refine them from there.
 */
const conditions = (all: [condition: string, value: string][]): Param[] =>
  all.map(([condition, value], j) => [`where[or][0][and][${j}]${condition}`, value])

/**
 * The parameters of each quick filter at `now`:
 * - suspended: the account may not sign in until an administrator unblocks it;
 * - locked: the lockout's backoff runs until a time still ahead (a past one stops nobody);
 * - without two-factor: neither an authenticator app confirmed nor a passkey. Passkeys live in a
 *   collection of their own, so the accounts that have one are left out by id.
 */
export const quickFilterParams = (
  name: QuickFilterName,
  { now, withPasskeys }: { now: Date; withPasskeys: (number | string)[] },
): Param[] => {
  switch (name) {
    case 'locked':
      return conditions([['[lockoutUntil][greater_than]', now.toISOString()]])
    case 'suspended':
      return conditions([['[security.status][equals]', 'suspended']])
    case 'withoutSecondFactor':
      // `not_equals` matches no status at all too (Payload adds `OR IS NULL`), and a pending app
      // (set up, never confirmed). The ids are comma-separated, as Payload reads `not_in` from text:
      // a short address for many accounts.
      return conditions([
        ['[totpConfig.status][not_equals]', 'enabled'],
        ...(withPasskeys.length > 0
          ? [['[id][not_in]', withPasskeys.join(',')] as [string, string]]
          : []),
      ])
  }
}

/** Whether the list's address applies this filter: the same conditions, values aside for time-based ones. */
export const isQuickFilterActive = (
  name: QuickFilterName,
  expected: Param[],
  current: Param[],
): boolean => {
  const where = current.filter(([key]) => key.startsWith('where['))
  if (where.length !== expected.length) {
    return false
  }
  const values = new Map(where)
  return expected.every(
    ([key, value]) => values.has(key) && (name === 'locked' || values.get(key) === value),
  )
}
