import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { lockAccountRow } from '../../../shared/accounts/lockAccountRow.js'
import { recordAuditEvent } from '../../../shared/audit/recordAuditEvent.js'
import { inTransaction } from '../../../shared/db/inTransaction.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { sendResetAnsweredEmail } from './emails.js'
import { resetSecondFactor } from './resetSecondFactor.js'
import { answerResetRequest, findOpenRequestOf } from './store.js'

/**
 * A reset nobody filed a review for, by an administrator from the account's security panel or by an
 * operator with server access: the account's pending request is approved when it has one, and the
 * effects are an approval's (`resetSecondFactor`): every factor goes, every session ends. Audited as
 * `twoFactor.resetApproved` with `data` besides the effects, and the owner is emailed as after any
 * approval. In one transaction under the account's row lock, so two parallel resets go one after the
 * other; with `refuseWhenNothing`, the second finds nothing left and is refused
 * (TWO_FACTOR_NOTHING_TO_RESET) with everything rolled back, so it neither audits nor emails again.
 */
export const resetSecondFactorNow = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    actorId,
    comment,
    data,
    refuseWhenNothing = false,
    userId,
  }: {
    actorId: null | number | string
    comment: null | string
    data: Record<string, unknown>
    refuseWhenNothing?: boolean
    userId: number | string
  },
) => {
  const now = new Date()
  const result = await inTransaction(req, async () => {
    await lockAccountRow(req, options.usersCollection, userId)
    const open = await findOpenRequestOf(req.payload, userId, now)
    // A reviewer answering at the same moment wins the request; the reset is done all the same.
    const answered = open
      ? await answerResetRequest(req, {
          approver: actorId,
          approverComment: comment,
          id: open.id,
          now,
          status: 'approved',
        })
      : null
    const effects = await resetSecondFactor(req, options, { reviewerId: actorId, userId })
    const nothing =
      !effects.wasEnabled &&
      effects.passkeysRemoved === 0 &&
      effects.devicesRemoved === 0 &&
      effects.recoveryCodesRemoved === 0
    if (refuseWhenNothing && nothing && !answered) {
      throw new BackofficeError('TWO_FACTOR_NOTHING_TO_RESET', { req })
    }
    const requestId = answered?.id ?? null
    await recordAuditEvent(req, {
      actor: actorId === null ? null : { id: actorId },
      data: { ...data, requestId, ...effects },
      details: comment ?? undefined,
      event: 'twoFactor.resetApproved',
      user: { id: userId },
    })
    return { ...effects, requestId, userId }
  })
  await sendResetAnsweredEmail(req, options, { comment, decision: 'approved', userId })
  return result
}
