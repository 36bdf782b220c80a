import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { hasOpenInvitation } from '../../flows/passwordReset/accounts.js'
import {
  listPasskeys,
  type PasskeySummary,
} from '../../policies/twoFactor/passkeys/passkeyStore.js'
import {
  listTrustedDevices,
  type TrustedDeviceSummary,
} from '../../policies/twoFactor/trustedDevices/trustedDevices.js'
import { isLocalAccount } from '../../shared/accounts/signInMethod.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { administeredAccount } from '../../shared/request/administeredAccount.js'
import { jsonResponse } from '../../shared/request/http.js'
import { accountFactsOf } from './accountFacts.js'
import { accountStatusOf } from './accountStatus.js'

/** What the security panel shows; counts and times only, never a secret or a code. */
export type SecurityOverview = {
  authenticatorApp: 'enabled' | 'none' | 'pending'
  /** Whether a password reset link can be sent: a local account whose invitation is not open. */
  canSendResetLink: boolean
  email: null | string
  failedSignIns: number
  lastSignInAt: null | string
  /** Only while the lock is ahead: a past lock stops nobody. */
  lockedUntil: null | string
  passkeys: number
  /** Each passkey, to remove one (a lost device); empty with passkeys off. */
  passkeyList: Pick<PasskeySummary, 'createdAt' | 'id' | 'lastUsedAt' | 'name'>[]
  recoveryCodesLeft: number
  recoveryCodesTotal: number
  secondFactorFailures: number
  status: 'active' | 'locked' | 'suspended'
  suspendedAt: null | string
  suspensionReason: null | string
  trustedDevices: number
  /** Each device still trusted to skip the second step, to forget one. */
  trustedDeviceList: TrustedDeviceSummary[]
}

/**
 * `GET /api/<users>/:id/security-overview`: an account's security at a glance, for administrators
 * (others get INSUFFICIENT_PERMISSIONS before the id is looked at): whether it can sign in, its
 * failed attempts, its second factors counted and listed (never a secret), its last sign-in, and
 * whether it can be sent a reset link. Read fresh from the database each
 * time, so the panel shows what an Unblock or an ended session changed.
 */
export const securityOverviewEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { target: account }) => {
      const facts = (await accountFactsOf(req.payload, options, [account.id])).get(
        String(account.id),
      )
      const status = accountStatusOf(account, Date.now())
      const security = account.security as
        { suspendedAt?: null | string; suspensionReason?: null | string } | undefined
      const appStatus = account.totpConfig?.status
      const passkeyList = options.passkeys.enabled
        ? (await listPasskeys(req.payload, account.id)).map(
            ({ createdAt, id, lastUsedAt, name }) => ({ createdAt, id, lastUsedAt, name }),
          )
        : []
      const overview: SecurityOverview = {
        authenticatorApp:
          appStatus === 'enabled' ? 'enabled' : appStatus === 'pending' ? 'pending' : 'none',
        canSendResetLink:
          typeof account.email === 'string' &&
          isLocalAccount(account) &&
          !hasOpenInvitation(account as Parameters<typeof hasOpenInvitation>[0]),
        email: typeof account.email === 'string' ? account.email : null,
        failedSignIns: Number(account.consecutiveFailedLogins ?? 0),
        lastSignInAt: facts?.lastSignInAt ?? null,
        lockedUntil: status.kind === 'locked' ? status.until : null,
        passkeyList,
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
        trustedDeviceList: await listTrustedDevices(req.payload, account.id),
        trustedDevices: facts?.trustedDevices ?? 0,
      }
      return jsonResponse(req, overview)
    },
    method: 'get',
    path: '/:id/security-overview',
    requires: [administeredAccount(options)],
  })
