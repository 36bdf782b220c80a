/**
 * Fields never named in the log: bookkeeping that changes on every save, and the credential and
 * session state of auth collections, which have events of their own (password.changed,
 * session.revoked, account.locked, twoFactor.*) and whose changes would otherwise show up on every
 * sign-in. `totpConfig` also joins the account's trusted devices, which the document before a change
 * does not carry.
 */
const IGNORED = new Set([
  '_verificationToken',
  'apiKeyIndex',
  'confirm-password',
  'createdAt',
  'hash',
  'id',
  'lockUntil',
  'loginAttempts',
  'password',
  'resetPasswordExpiration',
  'resetPasswordToken',
  'salt',
  'sessions',
  'totpConfig',
  'updatedAt',
])

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)

const idOf = (value: unknown): unknown => (isRecord(value) && 'id' in value ? value.id : value)

/**
 * Whether two stored values are the same. A populated relationship (`{ id, … }`) equals its bare
 * id, because Payload hands hooks the previous document at depth 0 and the new one at the request's
 * depth; `null` and `undefined` both mean "no value".
 */
const same = (a: unknown, b: unknown): boolean => {
  if (a === b || (a == null && b == null)) {
    return true
  }
  if (a instanceof Date || b instanceof Date) {
    return new Date(a as Date).getTime() === new Date(b as Date).getTime()
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => same(item, b[index]))
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    return [...keys].every((key) => same(a[key], b[key]))
  }
  if (isRecord(a) !== isRecord(b)) {
    return idOf(a) === idOf(b)
  }
  return false
}

/**
 * Names of the top-level fields whose values differ between the document before and after a
 * change, sorted, for the audit log, which records which fields changed and never their values.
 * Fields missing from `next` are left out: Payload omits fields the reader may not see (hidden or
 * read-protected), so a missing field was not read rather than removed; a removed value is `null`.
 */
export const changedFieldNames = (
  previous: null | Record<string, unknown> | undefined,
  next: Record<string, unknown>,
  { ignore = [] }: { ignore?: Iterable<string> } = {},
): string[] => {
  const ignored = new Set([...IGNORED, ...ignore])
  return Object.keys(next)
    .filter((name) => !ignored.has(name) && !same(previous?.[name], next[name]))
    .sort()
}
