import type { PayloadRequest } from 'payload'

import { commitTransaction, initTransaction, killTransaction } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { ResetAccount } from './accounts.js'

import { sendPasswordChangedEmail } from '../../policies/passwords/sendPasswordChangedEmail.js'
import { sendUnsuspensionEmail } from '../../policies/suspension/emails.js'
import { liftSuspensionAfterReset } from '../../policies/suspension/liftSuspensionAfterReset.js'
import { passwordResetContextKey } from '../../shared/request/context.js'
import { consumeResetToken } from './resetTokenStore.js'

/**
 * Spends the token and saves the new password, in one transaction: if anything after the token is
 * spent fails (a hook refusing the password, the database), the token is back and still works.
 *
 * The password is saved with `payload.update`, so every hook of the collection runs: the policy, the
 * passwords capability (other sessions end, `password.reset` is audited, told apart from a change by
 * `passwordResetContextKey`), the audit of the account. The lockout's counters are cleared with it
 * (they counted guesses at the old password), but not wrong second-factor codes: the reset proves
 * the mailbox, never the second factor. A suspension is lifted, unless it is one only an
 * administrator lifts (see liftSuspensionAfterReset.ts). The owner is told by email. Returns false
 * when the token was already spent (a parallel reset won).
 */
export const completePasswordReset = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  { account, password, tokenHash }: { account: ResetAccount; password: string; tokenHash: string },
): Promise<boolean> => {
  const suspended = account.security?.status === 'suspended'
  let lifted = false
  const shouldCommit = await initTransaction(req)
  try {
    const consumedFor = await consumeResetToken(req, options, tokenHash)
    if (consumedFor === null || String(consumedFor) !== String(account.id)) {
      if (shouldCommit) {
        await killTransaction(req)
      }
      return false
    }
    req.context[passwordResetContextKey] = true
    // Typed loosely: the plugin's fields are on whichever collection the app names, not in its types.
    const data: Record<string, unknown> = {
      consecutiveFailedLogins: 0,
      lockoutUntil: null,
      password,
    }
    await req.payload.update({
      id: account.id,
      collection: options.usersCollection,
      data,
      overrideAccess: true,
      req,
    })
    if (suspended) {
      lifted = await liftSuspensionAfterReset(req, options, account)
    }
    if (shouldCommit) {
      await commitTransaction(req)
    }
  } catch (error) {
    await killTransaction(req)
    throw error
  } finally {
    delete req.context[passwordResetContextKey]
  }
  // One notice, once committed: the unsuspension email already says the password was reset.
  if (lifted) {
    await sendUnsuspensionEmail(req, options, account, { byReset: true })
  } else {
    await sendPasswordChangedEmail(req, options, account)
  }
  return true
}
