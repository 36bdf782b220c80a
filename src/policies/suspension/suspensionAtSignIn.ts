import type { CollectionBeforeLoginHook } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { sessionOperationContextKey } from '../../shared/request/context.js'
import { sendUnsuspensionEmail } from './emails.js'
import { liftSuspensionAfterReset } from './liftSuspensionAfterReset.js'

/**
 * Runs after the password was accepted, inside the login's transaction: a suspended account gets no
 * session, whatever path it signs in by (throwing rolls the new session back). The exception is
 * Payload's own reset operation (Local API): proving control of the mailbox lifts the suspension
 * (Payload has already ended every other session), and the owner is told, unless it is one only an
 * administrator lifts (see liftSuspensionAfterReset.ts). The plugin's reset endpoint lifts it itself,
 * the same way, before it signs the account in, so this hook finds it active, or still suspended.
 */
export const suspensionAtSignIn =
  (options: SanitizedBackofficeOptions): CollectionBeforeLoginHook =>
  async ({ req, user }) => {
    const account = user as { email?: string; id: number | string; security?: { status?: string } }
    if (account.security?.status !== 'suspended') {
      return user
    }
    // Set by the sessions capability's beforeOperation hook for Payload's reset-password operation.
    if (req.context[sessionOperationContextKey] !== 'resetPassword') {
      throw new BackofficeError('ACCOUNT_SUSPENDED', { req })
    }
    if (!(await liftSuspensionAfterReset(req, options, account))) {
      throw new BackofficeError('ACCOUNT_SUSPENDED', { req })
    }
    await sendUnsuspensionEmail(req, options, account, { byReset: true })
    return { ...user, security: { ...account.security, status: 'active' } }
  }
