import type { CollectionSlug, PayloadRequest, SelectField } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'
import type { ResetRequestStatus } from './transitions.js'

import { describeUserAgent } from '../../../shared/lib/describeUserAgent.js'
import { optionLabels, type SelectOption } from '../../../shared/lib/optionLabels.js'
import { resetRequestsSlug } from './constants.js'

/** How many of the requester's latest sign-ins the review shows. */
const signInsShown = 5

type ReviewSignIn = {
  address: null | string
  browser: null | string
  succeeded: boolean
  /** ISO 8601. */
  time: string
}

/** What a reviewer needs to decide, read on the server as the viewing administrator. */
export type ResetRequestReviewDetails = {
  approverComment: null | string
  createdAt: string
  expiresAt: string
  processedAt: null | string
  reason: string
  request: { address: null | string; browser: null | string }
  requester: {
    email: null | string
    id: number | string
    name: null | string
    roles: string
    signIns: ReviewSignIn[]
  }
  reviewer: null | string
  status: ResetRequestStatus
}

type Row = Record<string, unknown>

const text = (value: unknown): null | string =>
  typeof value === 'string' && value !== '' ? value : null

const idOf = (value: unknown): null | number | string =>
  value && typeof value === 'object' && 'id' in value
    ? ((value as { id: number | string }).id ?? null)
    : ((value as null | number | string | undefined) ?? null)

/** The browser and its system as a person recognises them ("Chrome 126 on Linux"). */
const browserOf = (userAgent: unknown): null | string => {
  const { browser, os } = describeUserAgent(text(userAgent))
  return [browser, os].filter(Boolean).join(' · ') || null
}

/**
 * The request, its requester (name, email, roles as the roles field labels them) and the requester's last sign-ins from the audit log
 * (`login.succeeded` and `login.failed`, newest first). Every read runs with the viewer's access, so
 * a viewer who may not read the audit log or the account sees less, never more. Null when the
 * request cannot be read.
 */
export const readReviewDetails = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  id: number | string,
): Promise<null | ResetRequestReviewDetails> => {
  const { payload } = req
  const asViewer = { depth: 0, overrideAccess: false, req } as const
  const request = (await payload
    .findByID({ ...asViewer, collection: resetRequestsSlug as CollectionSlug, id })
    .catch(() => null)) as null | Row
  if (!request) {
    return null
  }
  const requesterId = idOf(request.requester)
  const approverId = idOf(request.approver)
  const users = options.usersCollection as CollectionSlug
  const readUser = (userId: null | number | string) =>
    userId === null
      ? Promise.resolve(null)
      : (payload
          .findByID({ ...asViewer, collection: users, id: userId })
          .catch(() => null) as Promise<null | Row>)
  const [requester, approver, signIns] = await Promise.all([
    readUser(requesterId),
    readUser(approverId),
    requesterId === null
      ? Promise.resolve({ docs: [] as Row[] })
      : payload
          .find({
            ...asViewer,
            collection: options.audit.slug as CollectionSlug,
            limit: signInsShown,
            pagination: false,
            sort: '-timestamp',
            where: {
              event: { in: ['login.succeeded', 'login.failed'] },
              userId: { equals: String(requesterId) },
            },
          })
          .then((result) => ({ docs: result.docs as unknown as Row[] }))
          .catch(() => ({ docs: [] as Row[] })),
  ])

  const usersConfig = payload.collections[users]?.config
  // A person's name: a `name` field when the collection has one, else its title field unless
  // that is the email (shown anyway) or the id.
  const hasName = usersConfig?.fields.some((field) => 'name' in field && field.name === 'name')
  const title = usersConfig?.admin?.useAsTitle
  const nameField = hasName ? 'name' : title && title !== 'email' && title !== 'id' ? title : null
  const rolesField = usersConfig?.fields.find(
    (field) => 'name' in field && field.name === options.roles.field,
  ) as SelectField | undefined
  const roles = optionLabels(
    requester?.[options.roles.field],
    (rolesField?.options ?? []) as readonly SelectOption[],
    req.i18n,
  )
  return {
    approverComment: text(request.approverComment),
    createdAt: String(request.createdAt),
    expiresAt: String(request.expiresAt),
    processedAt: text(request.processedAt),
    reason: String(request.reason ?? ''),
    request: { address: text(request.clientIp), browser: browserOf(request.userAgent) },
    requester: {
      email: text(requester?.email),
      id: requesterId ?? '',
      name: nameField ? text(requester?.[nameField]) : null,
      roles,
      signIns: signIns.docs.map((entry) => ({
        address: text(entry.clientIp) ?? text(entry.ipAddress),
        browser: browserOf(entry.userAgent),
        succeeded: entry.event === 'login.succeeded',
        time: String(entry.timestamp),
      })),
    },
    reviewer: text(approver?.email) ?? (approverId === null ? null : `#${approverId}`),
    status: request.status as ResetRequestStatus,
  }
}
