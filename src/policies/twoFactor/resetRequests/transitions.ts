import type { BackofficeErrorCode } from '../../../shared/errors/catalogue.js'

export const resetRequestStatuses = [
  'pending',
  'approved',
  'denied',
  'expired',
  'reportedMisuse',
] as const
export type ResetRequestStatus = (typeof resetRequestStatuses)[number]

/** Fields a reviewer decides; every other field is written by the plugin alone. */
const reviewerFields = ['status', 'approverComment'] as const

export type ResetRequestRefusal = { code: BackofficeErrorCode; variables?: Record<string, string> }

/**
 * Where a pending request may go. Only pending requests move at all: a reviewer approves or denies,
 * the expiry task expires, the requester's "this wasn't me" link reports misuse. Nothing returns to
 * pending, so an answered request can never be answered twice (two administrators, one approval).
 */
const nextFromPending: readonly ResetRequestStatus[] = [
  'approved',
  'denied',
  'expired',
  'reportedMisuse',
]

const isStatus = (value: unknown): value is ResetRequestStatus =>
  typeof value === 'string' && (resetRequestStatuses as readonly string[]).includes(value)

/**
 * Whether a change to a reset request is allowed, as a pure rule: null when it is, else the
 * catalogue's refusal. `changes` holds the fields the change writes; `now` and `expiresAt` decide
 * whether a pending request is still open (a request past its expiry cannot be approved even
 * before the expiry task has marked it).
 */
export const checkResetRequestChange = ({
  changes,
  current,
  expiresAt,
  now,
}: {
  changes: Record<string, unknown>
  current: ResetRequestStatus
  expiresAt: Date | null
  now: Date
}): null | ResetRequestRefusal => {
  const systemControlled = Object.keys(changes).find(
    (field) => !(reviewerFields as readonly string[]).includes(field),
  )
  if (systemControlled !== undefined) {
    return { code: 'SYSTEM_CONTROLLED_FIELD', variables: { field: systemControlled } }
  }
  // One exception: "this wasn't me" still counts after an approval, the case where it matters most
  // (someone with the password talked a reviewer into removing the second factor).
  if (
    current === 'approved' &&
    changes.status === 'reportedMisuse' &&
    Object.keys(changes).length === 1
  ) {
    return null
  }
  if (current !== 'pending') {
    return { code: 'RESET_REQUEST_PROCESSED' }
  }
  const next = changes.status
  if (!isStatus(next) || !nextFromPending.includes(next)) {
    return { code: 'INVALID_STATUS_TRANSITION', variables: { status: String(next ?? '') } }
  }
  // Expiry is the one transition the clock itself allows; every other needs an open request.
  if (next !== 'expired' && expiresAt !== null && expiresAt.getTime() <= now.getTime()) {
    return { code: 'RESET_REQUEST_EXPIRED' }
  }
  return null
}
