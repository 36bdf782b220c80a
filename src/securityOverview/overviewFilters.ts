import type { QueryValue } from '../lib/listQueryString.js'
import type { OverviewWindows } from './overviewWindows.js'
import type { SignInMethod, SignInOutcome } from './signInMethods.js'

import { signInOutcomes } from './signInMethods.js'

type Where = { [key: string]: QueryValue }

const iso = (date: Date) => date.toISOString()

/** An audit entry's `data` said it began with a provider (see signInsPerDay.ts). */
const viaProvider: Where = {
  or: [{ 'data.factor': { equals: 'sso' } }, { 'data.provider': { exists: true } }],
}

/** Factors that make a sign-in of this outcome a passkey one. */
const passkeyFactors = (outcome: SignInOutcome) =>
  outcome === 'succeeded' ? ['passkeySignIn'] : ['passkeySignIn', 'passkey']

const methodFilter = (outcome: SignInOutcome, method: SignInMethod): Where[] => {
  if (method === 'sso') {
    return [viaProvider]
  }
  if (method === 'passkey') {
    return [
      { 'data.factor': { in: passkeyFactors(outcome) } },
      { 'data.provider': { exists: false } },
    ]
  }
  // The rest, an entry without a factor included (the SQL's ELSE).
  return [
    {
      or: [
        { 'data.factor': { exists: false } },
        { 'data.factor': { not_in: ['sso', ...passkeyFactors(outcome)] } },
      ],
    },
    { 'data.provider': { exists: false } },
  ]
}

/**
 * The `where` of each list an overview number links to, selecting exactly the rows it counts, with
 * the same reference time. Kept beside the SQL that counts them: a change to one is a change to both.
 */
export const overviewFilters = {
  accountsWithApp: (): Where => ({ 'totpConfig.status': { equals: 'enabled' } }),
  accountsWithoutFactor: (passkeysEnabled: boolean): Where => ({
    and: [
      { 'totpConfig.status': { not_equals: 'enabled' } },
      ...(passkeysEnabled ? [{ 'totpConfig.passkeys.id': { exists: false } }] : []),
    ],
  }),
  accountsWithoutPasskey: (): Where => ({ 'totpConfig.passkeys.id': { exists: false } }),
  accountsWithPasskey: (): Where => ({ 'totpConfig.passkeys.id': { exists: true } }),
  activeSessions: ({ at }: OverviewWindows): Where => ({
    and: [{ revokedAt: { exists: false } }, { expiresAt: { greater_than: iso(at) } }],
  }),
  /** Both conditions; `null` adds nothing. */
  both: (first: null | Where, second: Where): Where => (first ? { and: [first, second] } : second),
  guessingAlerts: ({ at, lastWeek }: OverviewWindows): Where => ({
    and: [
      { event: { equals: 'account.guessingDetected' } },
      { timestamp: { greater_than_equal: iso(lastWeek) } },
      { timestamp: { less_than: iso(at) } },
    ],
  }),
  holdingRoles: (rolesField: string, roles: string[]): Where => ({ [rolesField]: { in: roles } }),
  lockedAccounts: ({ at }: OverviewWindows): Where => ({ lockoutUntil: { greater_than: iso(at) } }),
  openResetRequests: (): Where => ({ status: { equals: 'pending' } }),
  refusedToday: ({ at, lastDay }: OverviewWindows): Where => ({
    and: [
      { event: { equals: signInOutcomes.refused } },
      { timestamp: { greater_than_equal: iso(lastDay) } },
      { timestamp: { less_than: iso(at) } },
    ],
  }),
  signInMethod: (method: string): Where =>
    method === 'local'
      ? {
          or: [
            { identityProvider: { exists: false } },
            { identityProvider: { in: ['local', ''] } },
          ],
        }
      : { identityProvider: { equals: method } },
  signIns: (outcome: SignInOutcome, method: SignInMethod, from: Date, to: Date): Where => ({
    and: [
      { event: { equals: signInOutcomes[outcome] } },
      { timestamp: { greater_than_equal: iso(from) } },
      { timestamp: { less_than: iso(to) } },
      ...methodFilter(outcome, method),
    ],
  }),
  suspendedAccounts: (): Where => ({ 'security.status': { equals: 'suspended' } }),
}
