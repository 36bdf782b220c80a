import type {
  CollectionAfterChangeHook,
  CollectionBeforeChangeHook,
  CollectionBeforeOperationHook,
} from 'payload'

import { randomBytes } from 'node:crypto'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { InvitationState } from './fields.js'

import { exemptUnchosenPassword } from '../../policies/passwordPolicy/assertPasswordAllowed.js'
import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { DAY_MS } from '../../shared/lib/durations.js'
import { createToken } from '../../shared/lib/tokens.js'
import { requestUser, type SessionUser } from '../../shared/request/requestUser.js'
import { sendAccountCreatedEmail, sendInvitationEmail } from './emails.js'
import { invitationStore } from './invitationStore.js'

/** Key under `req.context` carrying a create's invitation (or "account created" notice) to its later hooks. */
const creationContextKey = 'backofficeAccountCreation'

type Creation = { by: SessionUser; invitation?: { token: string; tokenHash: string } }

/** When a link issued now stops working. */
export const invitationExpiry = (options: SanitizedBackofficeOptions): Date =>
  new Date(Date.now() + options.invitations.expiryDays * DAY_MS)

/**
 * An account created by a signed-in user without a password is an invitation. Before anything else
 * runs (the password policy, Payload's own "password required"), it gets a random password nobody
 * knows, so the account exists but cannot sign in with a password until the invitee chooses theirs,
 * and a fresh link token. Creations with no signed-in user (first user, seed scripts) are left as
 * they are.
 */
export const startInvitation =
  (options: SanitizedBackofficeOptions): CollectionBeforeOperationHook =>
  ({ args, operation, req }) => {
    const by = requestUser(req, options.usersCollection)
    const data = (args as { data?: unknown }).data as Record<string, unknown> | undefined
    if (operation !== 'create' || !by || !data || typeof data !== 'object') {
      return args
    }
    const given: unknown = data.password
    if (given !== undefined && given !== null && given !== '') {
      // A password was given (a malformed one is the policy's to refuse): no invitation.
      req.context[creationContextKey] = { by } satisfies Creation
      return args
    }
    const { hash, token } = createToken()
    req.context[creationContextKey] = {
      by,
      invitation: { token, tokenHash: hash },
    } satisfies Creation
    // 256 random bits: not a password anyone chose, so the policy has nothing to judge in it.
    const password = randomBytes(32).toString('base64url')
    exemptUnchosenPassword(req, password)
    return { ...args, data: { ...data, password } }
  }

/** Stores the invitation with the new account: the token's hash, its expiry, who invited. */
export const recordInvitation =
  (options: SanitizedBackofficeOptions): CollectionBeforeChangeHook =>
  ({ data, operation, req }) => {
    const creation = req.context[creationContextKey] as Creation | undefined
    if (operation !== 'create' || !creation?.invitation) {
      return data
    }
    const invitation: InvitationState = {
      acceptedAt: null,
      deliveryFailed: false,
      expiresAt: invitationExpiry(options).toISOString(),
      invitedAt: new Date().toISOString(),
      invitedBy: creation.by.id,
      status: 'pending',
      tokenHash: creation.invitation.tokenHash,
    }
    return { ...data, invitation }
  }

/**
 * Once the account is saved: the invitation email, or for an account created with a password the
 * "account created" email. An invitation whose email the mail server refused is still created; it
 * is marked `deliveryFailed`, which the create response carries and the account's page shows to the
 * administrator with a Resend button.
 */
export const sendCreationEmail =
  (options: SanitizedBackofficeOptions): CollectionAfterChangeHook =>
  async ({ doc, operation, req }) => {
    const creation = req.context[creationContextKey] as Creation | undefined
    if (operation !== 'create' || !creation) {
      return doc
    }
    delete req.context[creationContextKey]
    if (!creation.invitation) {
      await sendAccountCreatedEmail(req, options, { account: doc, creator: creation.by })
      return doc
    }
    const delivered = await sendInvitationEmail(req, options, {
      account: doc,
      inviter: creation.by,
      token: creation.invitation.token,
    })
    await recordAuditEvent(req, {
      actor: creation.by,
      data: { delivered, expiresAt: doc.invitation?.expiresAt },
      event: 'invitation.sent',
      user: doc,
    })
    if (delivered) {
      return doc
    }
    await invitationStore(req, options).setDeliveryFailed(doc.id, true)
    return { ...doc, invitation: { ...doc.invitation, deliveryFailed: true } }
  }
