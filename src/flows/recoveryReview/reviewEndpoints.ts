import type { Endpoint, PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { revokeSessions } from '../../policies/sessions/revokeSessions.js'
import { freshProof } from '../../policies/sudo/freshProof.js'
import {
  type SignInAddition,
  signInAdditionSources,
  signInAdditionsSince,
} from '../../policies/suspension/signInAdditions.js'
import { liftSuspension } from '../../policies/suspension/suspendAccount.js'
import { lockAccountRow } from '../../shared/accounts/lockAccountRow.js'
import { readAccount, type StaffAccount } from '../../shared/accounts/staffAccount.js'
import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { inTransaction } from '../../shared/db/inTransaction.js'
import { recipientLanguage } from '../../shared/email/recipientLanguage.js'
import { adminURL, sendSecurityEmail } from '../../shared/email/sendSecurityEmail.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { requestText } from '../../shared/i18n/text.js'
import { describeUserAgent } from '../../shared/lib/describeUserAgent.js'
import { administeredAccount } from '../../shared/request/administeredAccount.js'
import { administrator } from '../../shared/request/administrator.js'
import { jsonResponse } from '../../shared/request/http.js'

/** The audit event each kind of addition is recorded under: where its browser and address are. */
const auditEventOf: Record<SignInAddition['kind'], string> = {
  authenticatorApp: 'twoFactor.enrolled',
  emailAddress: 'account.emailChanged',
  linkedIdentity: 'sso.linked',
  passkey: 'twoFactor.passkeyAdded',
  recoveryCodes: 'twoFactor.recoveryCodesGenerated',
}

type AuditEntry = {
  event: string
  ipAddress?: null | string
  timestamp: string
  userAgent?: null | string
}

/** The account's review period, or null when it is not held for a recovery review. */
const reviewSinceOf = (account: StaffAccount): Date | null => {
  const security = account.security as { reviewSince?: null | string } | undefined
  return account.security?.status === 'suspended' &&
    account.security.suspensionReason === 'recoveryReview' &&
    security?.reviewSince
    ? new Date(security.reviewSince)
    : null
}

/**
 * Each addition with the browser and address it came from: the audit entry of its kind recorded
 * closest to it (the entry and the row are written in one request, milliseconds apart).
 */
const withOrigins = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  account: StaffAccount,
  since: Date,
  added: SignInAddition[],
) => {
  const { docs } = await req.payload.find({
    collection: options.audit.slug as never,
    depth: 0,
    limit: 200,
    overrideAccess: true,
    pagination: false,
    req,
    sort: 'timestamp',
    where: {
      and: [
        { userId: { equals: String(account.id) } },
        { timestamp: { greater_than_equal: new Date(since.getTime() - 60_000).toISOString() } },
        { event: { in: Object.values(auditEventOf) } },
      ],
    } as never,
  })
  const entries = docs as unknown as AuditEntry[]
  return added.map((addition) => {
    const at = new Date(addition.addedAt).getTime()
    const entry = entries
      .filter(({ event }) => event === auditEventOf[addition.kind])
      .sort(
        (a, b) =>
          Math.abs(new Date(a.timestamp).getTime() - at) -
          Math.abs(new Date(b.timestamp).getTime() - at),
      )[0]
    const device = describeUserAgent(entry?.userAgent ?? null)
    return {
      ...addition,
      browser: [device.browser, device.os].filter(Boolean).join(', ') || null,
      ipAddress: entry?.ipAddress ?? null,
    }
  })
}

/**
 * `GET /api/<users>/:id/recovery-review` (administrators): what a recovery review holds back on the
 * account: each way in added since the period began (what, when, from which browser and address).
 * `{ since: null, added: [] }` when the account is not held for one.
 */
export const recoveryReviewEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { target: account }) => {
      const since = reviewSinceOf(account)
      if (!since) {
        return jsonResponse(req, { added: [], since: null })
      }
      const added = await signInAdditionsSince(req, options, account.id, since)
      return jsonResponse(req, {
        added: await withOrigins(req, options, account, since, added),
        since: since.toISOString(),
      })
    },
    method: 'get',
    path: '/:id/recovery-review',
    requires: [administeredAccount(options)],
  })

/**
 * `POST /api/<users>/:id/recovery-review/approve` (an administrator in sudo mode): removes every way
 * in the review holds back (the passkeys, app, recovery codes, identities and address added since the
 * period began), ends any session, and lifts the suspension. The password stays one nobody knows:
 * the owner sets a new one with a reset link, which goes only to the account's address, told by
 * email. Another administrator than the account itself decides (a suspended account has no session
 * anyway). An account not held for a review gets RECOVERY_REVIEW_NOT_OPEN, so a double click changes
 * nothing.
 */
export const approveRecoveryReviewEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { target: account, viewer }) => {
      if (String(viewer.id) === String(account.id)) {
        throw new BackofficeError('INSUFFICIENT_PERMISSIONS', { req })
      }
      const removed = await inTransaction(req, async () => {
        // Read again under the account's row lock: a parallel approval (a double click, a second
        // administrator, another app process) waits for this one and then finds the review closed.
        await lockAccountRow(req, options.usersCollection, account.id)
        const current = (await readAccount(req, options, account.id)) ?? account
        const since = reviewSinceOf(current)
        if (!since) {
          throw new BackofficeError('RECOVERY_REVIEW_NOT_OPEN', { req })
        }
        const added = await signInAdditionsSince(req, options, current.id, since)
        for (const source of signInAdditionSources(options)) {
          await source.removeSince(req, options, current.id, since)
        }
        await revokeSessions(req, { reason: 'recovery', revokedBy: viewer.id, userId: current.id })
        await liftSuspension(req, options, current.id)
        const kinds = [...new Set(added.map(({ kind }) => kind))]
        await recordAuditEvent(req, {
          actor: viewer,
          data: { removed: kinds },
          event: 'account.recoveryReviewApproved',
          user: current,
        })
        return kinds
      })
      // The address as the approval left it (a moved one is put back).
      const owner = (await readAccount(req, options, account.id)) ?? account
      if (typeof owner.email === 'string') {
        await sendSecurityEmail(req, {
          action: {
            label: 'emailActionResetPassword',
            url: adminURL(req, req.payload.config.admin.routes.forgot),
          },
          body: 'emailRecoveryReviewApprovedBody',
          language: recipientLanguage(owner, options),
          subject: 'emailRecoveryReviewApprovedSubject',
          to: owner.email,
          variables: { email: owner.email },
        })
      }
      return jsonResponse(req, {
        message: requestText(req, 'recoveryReviewApproved'),
        removed,
      })
    },
    method: 'post',
    path: '/:id/recovery-review/approve',
    requires: [administrator(options), freshProof(options), administeredAccount(options)],
  })
