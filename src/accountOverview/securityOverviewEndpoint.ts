import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { backofficeEndpoint } from '../errors/errorResponse.js'
import { resolveAdminTarget } from '../request/adminTarget.js'
import { jsonResponse } from '../request/http.js'
import { accountFactsOf } from './accountFacts.js'
import { accountStatusOf } from './accountStatus.js'

/** What the security panel shows; counts and times only, never a secret or a code. */
export type SecurityOverview = {
  authenticatorApp: 'enabled' | 'none' | 'pending'
  failedSignIns: number
  lastSignInAt: null | string
  /** Only while the lock is ahead: a past lock stops nobody. */
  lockedUntil: null | string
  passkeys: number
  recoveryCodesLeft: number
  recoveryCodesTotal: number
  secondFactorFailures: number
  status: 'active' | 'locked' | 'suspended'
  suspendedAt: null | string
  suspensionReason: null | string
  trustedDevices: number
}

/**
 * `GET /api/<users>/:id/security-overview`: an account's security at a glance, for administrators
 * (others get INSUFFICIENT_PERMISSIONS before the id is looked at): whether it can sign in, its
 * failed attempts, its second factors counted, its last sign-in. Read fresh from the database each
 * time, so the panel shows what an Unblock or an ended session changed.
 */
export const securityOverviewEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const { account } = await resolveAdminTarget(req, options)
      const facts = (await accountFactsOf(req.payload, options, [account.id])).get(
        String(account.id),
      )
      const status = accountStatusOf(account, Date.now())
      const security = account.security as
        { suspendedAt?: null | string; suspensionReason?: null | string } | undefined
      const appStatus = account.totpConfig?.status
      const overview: SecurityOverview = {
        authenticatorApp:
          appStatus === 'enabled' ? 'enabled' : appStatus === 'pending' ? 'pending' : 'none',
        failedSignIns: Number(account.consecutiveFailedLogins ?? 0),
        lastSignInAt: facts?.lastSignInAt ?? null,
        lockedUntil: status.kind === 'locked' ? status.until : null,
        passkeys: facts?.passkeys ?? 0,
        recoveryCodesLeft: facts?.recoveryCodesLeft ?? 0,
        recoveryCodesTotal: facts?.recoveryCodesTotal ?? 0,
        secondFactorFailures: Number(account.secondFactorFailures ?? 0),
        status: status.kind,
        suspendedAt:
          status.kind === 'suspended' && security?.suspendedAt
            ? new Date(security.suspendedAt).toISOString()
            : null,
        suspensionReason: status.kind === 'suspended' ? (security?.suspensionReason ?? null) : null,
        trustedDevices: facts?.trustedDevices ?? 0,
      }
      return jsonResponse(req, overview)
    },
    method: 'get',
    path: '/:id/security-overview',
  })
