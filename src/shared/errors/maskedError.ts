import type { PayloadRequest } from 'payload'

import { BackofficeError } from './BackofficeError.js'

/**
 * Whether an error came from the database: PostgreSQL's own error (pg's `DatabaseError`, which carries
 * the server's SQLSTATE `code`, `severity` and `routine`) or drizzle's wrapper of a failed query,
 * found anywhere along the `cause` chain. Recognised by shape, not class: an app may hold another copy of
 * `pg` or `drizzle-orm` than the one this package would import.
 */
const isDatabaseError = (error: unknown): boolean => {
  let current = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as {
      cause?: unknown
      code?: unknown
      name?: unknown
      routine?: unknown
      severity?: unknown
    }
    if (candidate.name === 'DrizzleQueryError') {
      return true
    }
    if (
      typeof candidate.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(candidate.code) &&
      typeof candidate.severity === 'string'
    ) {
      return true
    }
    current = candidate.cause
  }
  return false
}

/**
 * What the client learns of an unexpected failure in one of the plugin's endpoints: the catalogue's
 * `DATABASE_ERROR` for a failed database operation, `INTERNAL_ERROR` for anything else, with the
 * catalogue's fixed text and never the failure's own message (SQL, table names, stack), which may
 * reveal internals (OWASP ASVS 5.0 16.5.1). The original stays the `cause`, so Payload's log and
 * `afterError` hooks still see it. Public, unlike other server errors: its message is the fixed text.
 */
export const maskedError = (req: PayloadRequest, error: unknown): BackofficeError => {
  const masked = new BackofficeError(isDatabaseError(error) ? 'DATABASE_ERROR' : 'INTERNAL_ERROR', {
    req,
  })
  masked.cause = error
  masked.isPublic = true
  return masked
}
