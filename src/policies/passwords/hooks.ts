import type {
  CollectionAfterChangeHook,
  CollectionBeforeChangeHook,
  CollectionBeforeLoginHook,
} from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import {
  passwordResetContextKey,
  sessionOperationContextKey,
} from '../../shared/request/context.js'
import { requestUser } from '../../shared/request/requestUser.js'
import { revokeSessions } from '../sessions/revokeSessions.js'

/** Key under `req.context` marking an update that sets a new password. */
const passwordChangeKey = 'backofficePasswordChange'

/** Notes that this update sets a new password, for the hook that runs once it is saved. */
export const notePasswordChange: CollectionBeforeChangeHook = ({ data, operation, req }) => {
  if (operation === 'update' && typeof data?.password === 'string' && data.password.length > 0) {
    req.context[passwordChangeKey] = true
  }
  return data
}

/**
 * Once a new password is saved, every other session of the account ends (ASVS 5.0 7.4.3): the one
 * making the change stays signed in when it is the account's own. In `afterChange`, not before:
 * Payload's update writes the whole user back, session list included.
 */
export const endOtherSessionsAfterPasswordChange =
  (options: SanitizedBackofficeOptions): CollectionAfterChangeHook =>
  async ({ doc, operation, req }) => {
    if (operation !== 'update' || req.context[passwordChangeKey] !== true) {
      return doc
    }
    delete req.context[passwordChangeKey]
    // A completed reset (src/flows/passwordReset) is its owner's doing, proven by the emailed token: recorded
    // as a reset, once, here where the password is saved, whatever happens at the sign-in after it.
    const reset = req.context[passwordResetContextKey] === true
    const viewer = requestUser(req, options.usersCollection)
    const own = viewer !== null && String(viewer.id) === String(doc.id)
    await revokeSessions(req, {
      exceptSid: own ? viewer._sid : undefined,
      reason: reset ? 'passwordReset' : 'passwordChange',
      revokedBy: viewer?.id ?? (reset ? doc.id : null),
      userId: doc.id,
    })
    await recordAuditEvent(
      req,
      reset
        ? { actor: doc, event: 'password.reset', user: doc }
        : { event: 'password.changed', user: doc },
    )
    return doc
  }

/**
 * Payload's own reset operation (still reachable through the Local API) saves the password past the
 * update hooks and signs the account in through the login hooks: it is recorded here. The plugin's
 * reset endpoint is recorded by `endOtherSessionsAfterPasswordChange` instead.
 */
export const recordPasswordReset: CollectionBeforeLoginHook = async ({ req, user }) => {
  if (req.context[sessionOperationContextKey] === 'resetPassword') {
    await recordAuditEvent(req, { actor: user, event: 'password.reset', user })
  }
  return user
}
