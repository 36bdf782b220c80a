import type { PayloadRequest } from 'payload'

import { createHash } from 'node:crypto'

import type { SanitizedPasswordPolicy } from '../../../shared/options/types.js'

import { breachCountInRange } from './breachCountInRange.js'

export type BreachCheckOutcome = 'breached' | 'notFound' | 'unavailable'

/**
 * Whether a password appears in a breach corpus (ASVS 5.0 6.2.12), through a k-anonymity range API:
 * only the first 5 hexadecimal digits of its SHA-1 leave the server, and the answer is padded
 * (`Add-Padding: true`) so its size reveals nothing either.
 *
 * When the service is slow, down or answers nonsense, the outcome is 'unavailable' and a warning is
 * logged: the caller judges on the other rules (fail open), so an outage of a third party never
 * locks staff out of setting a password.
 */
export const checkBreachedPassword = async (
  req: Pick<PayloadRequest, 'payload'>,
  password: string,
  { rangeUrl, timeoutMs }: SanitizedPasswordPolicy['breachedPasswords'],
): Promise<BreachCheckOutcome> => {
  const hash = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase()
  const prefix = hash.slice(0, 5)
  try {
    const response = await fetch(`${rangeUrl}${prefix}`, {
      headers: { 'Add-Padding': 'true', 'User-Agent': 'payload-backoffice' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) {
      throw new Error(`the range service answered ${response.status}`)
    }
    return breachCountInRange(await response.text(), hash.slice(5)) > 0 ? 'breached' : 'notFound'
  } catch (error) {
    req.payload.logger.warn(
      `payload-backoffice: the breached-password check was skipped (${error instanceof Error ? error.message : String(error)}); the password was judged on the other rules.`,
    )
    return 'unavailable'
  }
}
