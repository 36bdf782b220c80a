import type { Payload, PayloadRequest } from 'payload'

import { createHmac } from 'node:crypto'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { claimWindowSlot } from './claimWindowSlot.js'
import { clientAttemptsSlug } from './clientAttempts.js'

/** Keyed hash of a client address: the table never holds an address. */
const addressKey = (payload: Payload, address: string) =>
  createHmac('sha256', payload.secret).update(`login-client:${address}`).digest('hex')

/**
 * Counts a sign-in attempt against its client address before any password is checked, and answers
 * whether it may go on: of any number of parallel attempts on any number of app processes, no more
 * than `clientFailureLimit` per sliding window ever get to check a password (OWASP Credential
 * Stuffing Prevention Cheat Sheet: rate limiting by address; NIST SP 800-63B §5.2.2 asks the same of
 * each account). See `claimWindowSlot`.
 *
 * Returns null when the attempt may go on, or when the address may try again when it may not.
 */
export const claimClientAttempt = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  address: string,
): Promise<Date | null> => {
  const { clientFailureLimit: limit, clientWindowSeconds: windowSeconds } = options.lockout
  const wait = await claimWindowSlot(req.payload, {
    key: addressKey(req.payload, address),
    limit,
    slug: clientAttemptsSlug,
    windowSeconds,
  })
  return wait === 0 ? null : new Date(Date.now() + wait * 1000)
}
