import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { SessionUser } from '../../shared/request/requestUser.js'

import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { inTransaction } from '../../shared/db/inTransaction.js'
import { formatRecoveryCode, generateRecoveryCode, hashRecoveryCode } from './lib/recoveryCodes.js'
import { sendRecoveryCodesEmail } from './recoveryCodes/emails.js'
import {
  recoveryCodesStatus,
  type RecoveryCodesStatus,
  replaceRecoveryCodes,
} from './recoveryCodes/store.js'

/**
 * A new set of `recoveryCodes.count` codes for the account, replacing its earlier ones in the same
 * transaction; audited, and the owner emailed (codes made with a stolen session must not go
 * unnoticed). Answers the codes, which are stored only as hashes and so shown this once, or null,
 * changing nothing, when the account has no second factor on (the app or a passkey). With
 * `onlyIfNone`, an account that already holds codes keeps them (the first passkey of an account that
 * had the app, say). `notify: false` where the codes come with the app's setup, whose own email (with
 * its "this wasn't me" link, which takes codes made since away too) already tells of it.
 */
export const issueRecoveryCodes = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  account: SessionUser,
  { notify = true, onlyIfNone = false }: { notify?: boolean; onlyIfNone?: boolean } = {},
): Promise<(RecoveryCodesStatus & { codes: string[] }) | null> => {
  const count = options.twoFactor.recoveryCodes.count
  const codes = Array.from({ length: count }, generateRecoveryCode)
  const hashes = codes.map(hashRecoveryCode)
  const previous = await inTransaction(req, async () => {
    const earlier = await recoveryCodesStatus(req.payload, account.id)
    if (onlyIfNone && earlier.total > 0) {
      return null
    }
    if (!(await replaceRecoveryCodes(req, options, account.id, hashes))) {
      return null
    }
    await recordAuditEvent(req, {
      actor: account,
      data: { count, previousRemaining: earlier.remaining },
      event: 'twoFactor.recoveryCodesGenerated',
      user: account,
    })
    return earlier
  })
  if (!previous) {
    return null
  }
  if (notify) {
    await sendRecoveryCodesEmail(req, options, account, {
      count,
      kind: 'generated',
      replacedEarlier: previous.total > 0,
    })
  }
  return {
    codes: codes.map(formatRecoveryCode),
    ...(await recoveryCodesStatus(req.payload, account.id)),
  }
}
