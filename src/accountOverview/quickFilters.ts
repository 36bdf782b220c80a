/** The users list's quick filters, by name. */
export const quickFilterNames = ['suspended', 'locked', 'withoutSecondFactor'] as const
export type QuickFilterName = (typeof quickFilterNames)[number]

/** One query-string parameter: `where[or][0][and][0][security.status][equals]`, `suspended`. */
type Param = [key: string, value: string]

/**
 * A filter's `where` in the shape Payload's own filter controls write to the address bar
 * (`where[or][i][and][j][field][operator]`), so its filter panel shows the conditions it applies and
 * an administrator can refine them from there.
 */
const conditions = (alternatives: [condition: string, value: string | string[]][][]): Param[] =>
  alternatives.flatMap((all, i) =>
    all.flatMap(([condition, value], j): Param[] => {
      const key = `where[or][${i}][and][${j}]${condition}`
      return Array.isArray(value) ? value.map((item, k) => [`${key}[${k}]`, item]) : [[key, value]]
    }),
  )

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
      return conditions([[['[lockoutUntil][greater_than]', now.toISOString()]]])
    case 'suspended':
      return conditions([[['[security.status][equals]', 'suspended']]])
    case 'withoutSecondFactor': {
      const noPasskey: [string, string[]][] =
        withPasskeys.length > 0 ? [['[id][not_in]', withPasskeys.map(String)]] : []
      // No status at all, or one that is not `enabled` (an app set up but never confirmed).
      return conditions([
        [['[totpConfig.status][exists]', 'false'], ...noPasskey],
        [['[totpConfig.status][not_equals]', 'enabled'], ...noPasskey],
      ])
    }
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
