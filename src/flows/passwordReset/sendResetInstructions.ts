import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { isLocalAccount } from '../../shared/accounts/signInMethod.js'
import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { createToken } from '../../shared/lib/tokens.js'
import { hasOpenInvitation } from './accounts.js'
import { sendForgotPasswordEmail, sendForgotSignInMethodEmail } from './emails.js'
import { findAccountByEmail, recordResetRequest } from './resetTokenStore.js'

/**
 * What a forgot-password request does, which differs by address while the answer must not: nothing
 * for an unknown address or an account whose invitation is open; for a local account a new single-use token (earlier ones void) and the
 * reset email; for an account of an external provider the "forgot sign-in method" email and no token.
 * A request within the per-account pause sends nothing (mail-bombing), and is audited as throttled.
 */
export const sendResetInstructions = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  email: string,
): Promise<void> => {
  const account = await findAccountByEmail(req, options, email)
  if (!account || typeof account.email !== 'string') {
    // Kept (encoded) for investigations, as failed sign-ins with unknown addresses are; it names no account.
    await recordAuditEvent(req, {
      actor: null,
      data: { reason: 'unknownAccount' },
      details: email,
      event: 'password.resetRequested',
    })
    return
  }
  if (hasOpenInvitation(account)) {
    await recordAuditEvent(req, {
      actor: null,
      data: { reason: 'openInvitation' },
      event: 'password.resetRequested',
      user: account,
    })
    return
  }
  const local = isLocalAccount(account)
  const token = local ? createToken() : null
  const recorded = await recordResetRequest(req, options, {
    email: account.email,
    tokenHash: token?.hash ?? null,
    userId: account.id,
  })
  const kind = local ? 'resetLink' : 'signInMethod'
  await recordAuditEvent(req, {
    actor: null,
    data: { kind, ...(recorded ? {} : { reason: 'throttled' }) },
    event: 'password.resetRequested',
    user: account,
  })
  if (!recorded) {
    return
  }
  if (token) {
    await sendForgotPasswordEmail(req, options, { ...account, email: account.email }, token.token)
  } else {
    await sendForgotSignInMethodEmail(req, options, {
      ...account,
      email: account.email,
      identityProvider: account.identityProvider!,
    })
  }
}
