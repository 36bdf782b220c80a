import type {
  CollectionAfterChangeHook,
  CollectionAfterOperationHook,
  PayloadRequest,
} from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { requestUser } from '../../shared/request/requestUser.js'
import { revokeSessions } from '../sessions/revokeSessions.js'
import { sessionStartedAt } from '../sessions/sessionStartedAt.js'
import { evictIntruder } from '../suspension/evictIntruder.js'
import { runOrigin, runStart } from './emailChangeRun.js'
import { readRecentEmailChanges, recordEmailChange, voidUndoLinks } from './emailChangeStore.js'
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
 * audited, and the replaced address is told. Changes within the undo window form one run (see
 * emailChangeRun.ts): the undo link always goes to the run's first address and restores it, so it
 * survives later changes, and an address set during the run never gets one. An administrator's
 * change during a run, or a change back to the run's first address, is a repair: it voids the run's
 * links and sends none. In `afterChange`, not before: Payload's update writes the whole user back,
 * session list included, and the row lock that write holds orders this after any other change or
 * undo of the account. The undo link's own restore is exempt.
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
    const recent = await readRecentEmailChanges(req, doc.id)
    const restoreEmail = runOrigin(recent) ?? previousEmail
    const since = runStart(recent)
    const byAdministrator = viewer !== null && !own && since !== null
    const repair = newEmail === restoreEmail || byAdministrator
    if (byAdministrator) {
      // An administrator putting an address back during a run repairs a takeover: as the owner's
      // undo does, whoever ran it keeps no password, session or reset link, and what they added is
      // held for review.
      await evictIntruder(req, options, {
        by: viewer.id,
        since,
        trigger: 'emailChangeRepaired',
        userId: doc.id,
      })
    } else {
      await revokeSessions(req, {
        exceptSid: own ? viewer._sid : undefined,
        reason: 'emailChange',
        revokedBy: viewer?.id ?? null,
        userId: doc.id,
      })
    }
    if (repair) {
      await voidUndoLinks(req, doc.id)
    }
    const undoToken = await recordEmailChange(req, {
      kind: repair ? 'repair' : 'change',
      newEmail,
      previousEmail: repair ? previousEmail : restoreEmail,
      sessionStartedAt: own ? await sessionStartedAt(req, options, viewer._sid) : null,
      userId: doc.id,
    })
    await recordAuditEvent(req, {
      data: { newEmail, previousEmail, ...(repair ? { repair: true } : { restoreEmail }) },
      event: 'account.emailChanged',
      user: doc,
    })
    const account = { id: doc.id, preferredLanguage: doc.preferredLanguage }
    const notice = { account, newEmail, previousEmail, restoreEmail }
    const notices = pendingNotices(req)
    if (undoToken) {
      notices.push({ ...notice, to: restoreEmail, undoToken })
    }
    if (previousEmail !== restoreEmail || !undoToken) {
      notices.push({ ...notice, to: previousEmail, undoToken: null })
    }
    return doc
  }

/**
 * Tells each replaced address of its change (the run's first one with the undo link), as the operation's last step: after every
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
