import type { CollectionBeforeChangeHook } from 'payload'

import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { checkResetRequestChange, type ResetRequestStatus } from './transitions.js'

/** Context key the plugin's own transitions set, after checking the same rules themselves. */
export const resetRequestWriteKey = 'backofficeResetRequestWrite'

const bookkeeping = new Set(['createdAt', 'id', 'updatedAt'])

const comparable = (value: unknown): unknown =>
  value && typeof value === 'object' && 'id' in value
    ? (value as { id: unknown }).id
    : (value ?? null)

/**
 * Every update from outside the plugin's transitions (the Local API with `overrideAccess`, say) is
 * refused, with the refusal `checkResetRequestChange` gives: an answered request "cannot change
 * processed requests", a reason or requester is system-controlled. Creation is left to the
 * request-reset endpoint, the only caller with access.
 */
export const guardResetRequestWrites: CollectionBeforeChangeHook = ({
  context,
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (operation !== 'update' || context[resetRequestWriteKey] === true || !originalDoc) {
    return data
  }
  const changes = Object.fromEntries(
    Object.entries(data).filter(
      ([field, value]) =>
        !bookkeeping.has(field) &&
        JSON.stringify(comparable(value)) !== JSON.stringify(comparable(originalDoc[field])),
    ),
  )
  const refusal = checkResetRequestChange({
    changes,
    current: originalDoc.status as ResetRequestStatus,
    expiresAt: originalDoc.expiresAt ? new Date(originalDoc.expiresAt as string) : null,
    now: new Date(),
  })
  if (refusal) {
    throw new BackofficeError(refusal.code, { req, variables: refusal.variables })
  }
  // A transition the rules allow still has effects (2FA reset, devices, sessions, emails) that only
  // the review endpoints carry out: a bare write of the status would approve without resetting.
  const [field] = Object.keys(changes)
  if (field !== undefined) {
    throw new BackofficeError('SYSTEM_CONTROLLED_FIELD', { req, variables: { field } })
  }
  return data
}
