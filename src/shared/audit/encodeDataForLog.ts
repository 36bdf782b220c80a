import { encodeForLog } from './encodeForLog.js'

/** Bounds on what a caller's `data` may add to one entry. */
const MAX_DEPTH = 4
const MAX_ITEMS = 50
const MAX_STRING = 500

/**
 * Keys whose values are never stored, whatever a caller passes: credentials, tokens and one-time
 * codes have no place in a log (OWASP ASVS 5.0 16.2.5).
 */
const SECRET_KEY =
  /password|passwd|secret|token|hash|salt|api_?key|cookie|authorization|^(otp|totp)$/i

export type AuditData = { [key: string]: AuditDataValue }
type AuditDataValue = AuditData | AuditDataValue[] | boolean | null | number | string

/**
 * The structured details of an entry, made safe to store: every string (keys too) encoded against
 * log injection and shortened, secrets replaced by `[redacted]`, depth and list lengths bounded, and
 * anything that is not plain JSON (functions, class instances other than dates) left out.
 */
export const encodeDataForLog = (value: unknown, depth = 0): AuditDataValue | undefined => {
  if (value === null || typeof value === 'boolean') {
    return value
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : null
  }
  if (typeof value === 'string') {
    return encodeForLog(value, { maxLength: MAX_STRING })
  }
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : value.toISOString()
  }
  if (depth >= MAX_DEPTH || typeof value !== 'object') {
    return undefined
  }
  if (Array.isArray(value)) {
    return value
      .slice(0, MAX_ITEMS)
      .map((item) => encodeDataForLog(item, depth + 1))
      .filter((item): item is AuditDataValue => item !== undefined)
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) {
    return undefined
  }
  const encoded: AuditData = {}
  for (const [key, item] of Object.entries(value).slice(0, MAX_ITEMS)) {
    const safeKey = encodeForLog(key, { maxLength: 100 })
    if (SECRET_KEY.test(key)) {
      encoded[safeKey] = '[redacted]'
      continue
    }
    const safeValue = encodeDataForLog(item, depth + 1)
    if (safeValue !== undefined) {
      encoded[safeKey] = safeValue
    }
  }
  return encoded
}
