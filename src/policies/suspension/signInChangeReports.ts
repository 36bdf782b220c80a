import type { CollectionConfig, CollectionSlug, Endpoint, PayloadRequest, Where } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { pluginWritesOnly } from '../../shared/access/pluginWritesOnly.js'
import { readAccount } from '../../shared/accounts/staffAccount.js'
import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { createToken, hashToken } from '../../shared/lib/tokens.js'
import { ownerReportEndpoints } from './ownerReportEndpoints.js'

/** The "this wasn't me" links of the emails telling of a way in added to an account. */
const signInChangeReportsSlug = 'sign-in-change-reports'

/** Where the link points, under the users collection's API. */
export const signInChangeReportPath = '/sign-in-change/report'

/**
 * 7 days, as the plugin's other owner-report links: long enough for a notice read after a week away,
 * and only ever usable to suspend the account (the safe direction), once (OWASP ASVS 5.0 6.4.1 asks
 * for short-lived, single-use tokens sent by email).
 */
const reportLinkMs = 7 * 24 * 3_600_000

/** One link per email sent: only the token's SHA-256 is kept. Nobody reads or writes it through the API. */
export const signInChangeReportsCollection = (
  options: SanitizedBackofficeOptions,
): CollectionConfig => ({
  slug: signInChangeReportsSlug,
  access: pluginWritesOnly(),
  admin: { hidden: true },
  fields: [
    { name: 'user', type: 'relationship', index: true, relationTo: options.usersCollection },
    { name: 'tokenHash', type: 'text', index: true },
    { name: 'since', type: 'date' },
    { name: 'sentTo', type: 'text' },
    { name: 'expiresAt', type: 'date' },
    { name: 'spentAt', type: 'date' },
  ],
  timestamps: true,
})

type Report = {
  id: number | string
  sentTo?: null | string
  since: string
  user: number | string | { id: number | string }
}

const usable = (tokenHash: string): Where => ({
  and: [
    { tokenHash: { equals: tokenHash } },
    { spentAt: { exists: false } },
    { expiresAt: { greater_than: new Date().toISOString() } },
  ],
})

/** Makes the link of one email: what it reports began at `since`; it was sent to `sentTo`. */
export const createSignInChangeReport = async (
  req: PayloadRequest,
  { sentTo, since, userId }: { sentTo: string; since: Date; userId: number | string },
): Promise<string> => {
  const { hash, token } = createToken()
  await req.payload.db.create({
    collection: signInChangeReportsSlug as CollectionSlug,
    data: {
      expiresAt: new Date(Date.now() + reportLinkMs).toISOString(),
      sentTo,
      since: since.toISOString(),
      tokenHash: hash,
      user: userId,
    },
    req,
  })
  return token
}

/**
 * `GET` and `POST /api/{users}/sign-in-change/report?token=…` (see ownerReportEndpoints.ts): the
 * owner says a passkey, an app, recovery codes or an identity added to their account was not theirs.
 * Whoever holds the account is evicted, and what was added since is held for an administrator's
 * review; the email with what happens next also goes to the address the link was sent to.
 */
export const signInChangeReportEndpoints = (options: SanitizedBackofficeOptions): Endpoint[] =>
  ownerReportEndpoints(options, {
    open: async (req, token) => {
      const report = await req.payload.db.findOne<Report>({
        collection: signInChangeReportsSlug as CollectionSlug,
        req,
        where: usable(hashToken(token)),
      })
      const userId = typeof report?.user === 'object' ? report.user.id : report?.user
      const account = userId == null ? null : await readAccount(req, options, userId)
      return report && account
        ? { account, sentTo: report.sentTo ?? null, since: new Date(report.since) }
        : null
    },
    path: signInChangeReportPath,
    spend: async (req, { account }) => {
      const token = req.searchParams.get('token') ?? ''
      const spent = await req.payload.db.updateOne({
        collection: signInChangeReportsSlug as CollectionSlug,
        data: { spentAt: new Date().toISOString() },
        options: { atomic: true },
        req,
        where: usable(hashToken(token)),
      })
      if (!spent) {
        return false
      }
      await recordAuditEvent(req, {
        actor: null,
        event: 'account.signInChangeReported',
        user: { email: account.email ?? null, id: account.id },
      })
      return true
    },
    texts: {
      confirm: 'signInChangeReportConfirm',
      done: 'signInChangeReportDone',
      explanation: 'signInChangeReportExplanation',
      heading: 'signInChangeReportHeading',
      invalid: 'signInChangeReportInvalid',
    },
    trigger: 'signInChangeReported',
  })
