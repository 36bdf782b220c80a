import type { QueryValue } from '../../shared/lib/listQueryString.js'
import type { OverviewWindows } from './overviewWindows.js'
import type { SignInMethod, SignInOutcome } from './signInMethods.js'

import { signInOutcomes } from './signInMethods.js'

type Where = { [key: string]: QueryValue }

const iso = (date: Date) => date.toISOString()

// Payload reads `exists: false` on a JSON path from an address as "exists" (the string "false" is
// not `false` in @payloadcms/drizzle 3.90.1's createJSONQuery), so presence is asked with
// `like: ''` (a string value there) and absence with `not_like: ''` (no string value there).
const isString = (path: string): Where => ({ [path]: { like: '' } })
const isNoString = (path: string): Where => ({ [path]: { not_like: '' } })

// Passkeys are reached through the users' `totpConfig.passkeys` join: a LEFT JOIN whose `user`
// column is null exactly for an account with no passkey. Asked as `equals`/`not_equals` "null"
// (which Payload reads as SQL NULL on a relationship) rather than with `exists`: the admin's
// filter controls offer no field behind a join, and in @payloadcms/ui 3.90.1 an `exists`
// condition on a path they do not know throws while the list view renders.
const withoutPasskey: Where = { 'totpConfig.passkeys.user': { equals: 'null' } }
const withPasskey: Where = { 'totpConfig.passkeys.user': { not_equals: 'null' } }

/** An audit entry's `data` said it began with a provider (see signInsPerDay.ts). */
const viaProvider: Where = {
  or: [{ 'data.factor': { equals: 'sso' } }, isString('data.provider')],
}

/** Factors that make a sign-in of this outcome a passkey one. */
const passkeyFactors = (outcome: SignInOutcome) =>
  outcome === 'succeeded' ? ['passkeySignIn'] : ['passkeySignIn', 'passkey']

const methodFilter = (outcome: SignInOutcome, method: SignInMethod): Where[] => {
  if (method === 'sso') {
    return [viaProvider]
  }
  if (method === 'passkey') {
    return [{ 'data.factor': { in: passkeyFactors(outcome) } }, isNoString('data.provider')]
  }
  // The rest (the SQL's ELSE), entries without a factor or without any data included; written out
  // as alternatives, so the address stays within the 10 levels Payload's query parser reads.
  const noProvider = isNoString('data.provider')
  return [
    {
      or: [
        { data: { exists: false } },
        { and: [isNoString('data.factor'), noProvider] },
        { and: [{ 'data.factor': { not_in: ['sso', ...passkeyFactors(outcome)] } }, noProvider] },
      ],
    },
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
      ...(passkeysEnabled ? [withoutPasskey] : []),
    ],
  }),
  accountsWithoutPasskey: (): Where => withoutPasskey,
  accountsWithPasskey: (): Where => withPasskey,
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
