import type {
  CollectionAfterChangeHook,
  CollectionAfterOperationHook,
  PayloadRequest,
} from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { recordAuditEvent } from '../audit/recordAuditEvent.js'
import { requestUser } from '../request/requestUser.js'
import { revokeSessions } from '../sessions/revokeSessions.js'
import { recordEmailChange } from './emailChangeStore.js'
import { type EmailChangedNotice, sendEmailChangedEmail } from './emails.js'

/** Key under `req.context`: set by the undo link alone, for the one update that restores the old address. */
export const undoingEmailChangeKey = 'backofficeUndoingEmailChange'

/** Key under `req.context`: the notices of this operation's email changes, sent once it has finished. */
const pendingNoticesKey = 'backofficeEmailChangedNotices'

const pendingNotices = (req: PayloadRequest): EmailChangedNotice[] => {
  const notices = (req.context[pendingNoticesKey] as EmailChangedNotice[] | undefined) ?? []
  req.context[pendingNoticesKey] = notices
  return notices
}

/**
 * Once an account's new email is saved: its other sessions end (the one making the change stays when
 * it is the account's own; an administrator's change of someone else's ends them all), the change is
 * audited, and an undo link for the old address is stored. In `afterChange`, not before: Payload's
 * update writes the whole user back, session list included. The undo link's own restore is exempt.
 */
export const applyEmailChange =
  (options: SanitizedBackofficeOptions): CollectionAfterChangeHook =>
  async ({ doc, operation, previousDoc, req }) => {
    const previousEmail = previousDoc?.email as string | undefined
    const newEmail = doc.email as string | undefined
    if (
      operation !== 'update' ||
      req.context[undoingEmailChangeKey] === true ||
      typeof previousEmail !== 'string' ||
      typeof newEmail !== 'string' ||
      previousEmail === newEmail
    ) {
      return doc
    }
    const viewer = requestUser(req, options.usersCollection)
    const own = viewer !== null && String(viewer.id) === String(doc.id)
    await revokeSessions(req, {
      exceptSid: own ? viewer._sid : undefined,
      reason: 'emailChange',
      revokedBy: viewer?.id ?? null,
      userId: doc.id,
    })
    const undoToken = await recordEmailChange(req, { newEmail, previousEmail, userId: doc.id })
    await recordAuditEvent(req, {
      data: { newEmail, previousEmail },
      event: 'account.emailChanged',
      user: doc,
    })
    pendingNotices(req).push({
      account: { id: doc.id, preferredLanguage: doc.preferredLanguage },
      newEmail,
      previousEmail,
      undoToken,
    })
    return doc
  }

/**
 * Tells each old address of its change, with the undo link, as the operation's last step: after every
 * other hook, so a change refused or rolled back late sends nothing in most cases. (Payload offers no
 * hook after the commit itself; a failure past this point leaves a link that finds nothing to undo.)
 */
export const sendEmailChangedNotices =
  (options: SanitizedBackofficeOptions): CollectionAfterOperationHook =>
  async ({ operation, req, result }) => {
    if (operation !== 'update' && operation !== 'updateByID') {
      return result
    }
    const notices = req.context[pendingNoticesKey] as EmailChangedNotice[] | undefined
    delete req.context[pendingNoticesKey]
    for (const notice of notices ?? []) {
      await sendEmailChangedEmail(req, options, notice)
    }
    return result
  }
