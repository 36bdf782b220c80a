import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'
import type { SuspensionReason } from './fields.js'

import { emailLanguage, sendSecurityEmail } from '../email/sendSecurityEmail.js'
import { backofficeTranslations } from '../translations/index.js'

type Account = { email?: unknown; id: number | string }

const reasonKeys = {
  administrator: 'suspensionReasonAdministrator',
  excessiveFailures: 'suspensionReasonExcessiveFailures',
  misuseReport: 'suspensionReasonMisuseReport',
  securityIncident: 'suspensionReasonSecurityIncident',
} as const

const adminURL = (req: PayloadRequest, path: string) => {
  const { routes, serverURL } = req.payload.config
  return `${serverURL}${routes.admin === '/' ? '' : routes.admin}${path}`
}

/** Every administrator's address, for alerts. */
const administratorEmails = async (req: PayloadRequest, options: SanitizedBackofficeOptions) => {
  const { docs } = await req.payload.find({
    collection: options.usersCollection,
    depth: 0,
    limit: 100,
    overrideAccess: true,
    pagination: false,
    req,
    where: { [options.roles.field]: { equals: options.roles.admin } },
  })
  return docs.map((doc) => (doc as { email?: unknown }).email).filter((email): email is string => typeof email === 'string')
}

/**
 * A suspension's emails: the account's owner learns what happened and how to lift it; after an
 * automatic suspension, every administrator gets an alert with a link to review the account.
 */
export const sendSuspensionEmails = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  account: Account,
  { automatic, reason }: { automatic: boolean; reason: SuspensionReason },
) => {
  if (typeof account.email !== 'string') {
    return
  }
  const reasonText = backofficeTranslations[emailLanguage(req)][reasonKeys[reason]]
  await sendSecurityEmail(req, {
    body: 'emailSuspendedBody',
    subject: 'emailSuspendedSubject',
    to: account.email,
    variables: { email: account.email, link: adminURL(req, req.payload.config.admin.routes.forgot), reason: reasonText },
  })
  if (automatic) {
    const administrators = await administratorEmails(req, options)
    if (administrators.length > 0) {
      await sendSecurityEmail(req, {
        body: 'emailSuspensionAlertBody',
        subject: 'emailSuspensionAlertSubject',
        to: administrators,
        variables: {
          email: account.email,
          link: adminURL(req, `/collections/${options.usersCollection}/${account.id}`),
          reason: reasonText,
        },
      })
    }
  }
}

/** Tells the owner their account can sign in again, by an administrator's decision or their own reset. */
export const sendUnsuspensionEmail = async (req: PayloadRequest, account: Account, { byReset }: { byReset: boolean }) => {
  if (typeof account.email !== 'string') {
    return
  }
  await sendSecurityEmail(req, {
    body: byReset ? 'emailUnsuspendedByResetBody' : 'emailUnsuspendedBody',
    subject: 'emailUnsuspendedSubject',
    to: account.email,
    variables: { email: account.email, link: adminURL(req, req.payload.config.admin.routes.login) },
  })
}
