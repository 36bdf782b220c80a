import type { CollectionAfterChangeHook, CollectionSlug } from 'payload'

import type { StaffAccount } from '../../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { endSessions } from '../../../policies/sessions/endSessions.js'
import { sendSignInAddedNotice } from '../../../policies/sudo/signInAddedNotice.js'
import { providerLabel, signInMethodOf } from '../../../shared/accounts/signInMethod.js'
import { recordAuditEvent } from '../../../shared/audit/recordAuditEvent.js'
import { recipientLanguage } from '../../../shared/email/recipientLanguage.js'
import { adminURL, sendSecurityEmail } from '../../../shared/email/sendSecurityEmail.js'
import { backofficeText } from '../../../shared/i18n/text.js'
import { sendResetInstructions } from '../../passwordReset/sendResetInstructions.js'

/**
 * Set by a person's own switch to a provider (the `link` flow): that session, which just proved the
 * new provider, is the one that stays signed in.
 */
export const keepSessionContextKey = 'backofficeKeepSession'

/**
 * An account given another sign-in method (one method per account, and the owner is told): its provider
 * identities go (a later sign-in with the new provider links afresh, with the same proofs as a
 * first one), every session ends (OWASP ASVS 5.0 7.4.3: sessions end when an authentication factor
 * changes), the change is audited, and the account's address is told which method to use now.
 * Leaving `local` voids the password; back to `local`, a reset link is sent, so the person chooses a
 * new one.
 */
export const afterSignInMethodChange =
  (options: SanitizedBackofficeOptions): CollectionAfterChangeHook =>
  async ({ doc, operation, previousDoc, req }) => {
    const account = doc as StaffAccount
    const to = signInMethodOf(account)
    const from = operation === 'update' ? signInMethodOf(previousDoc as StaffAccount) : 'local'
    if (from === to) {
      return doc
    }
    if (to !== 'local') {
      // An account of a provider has no password here (the login answers it as an unknown
      // address anyway); voiding the hash keeps an old password from returning with `local`.
      await req.payload.db.updateOne({
        id: account.id,
        collection: options.usersCollection,
        data: { hash: null, salt: null, updatedAt: null },
        req,
        returning: false,
      })
    }
    if (operation !== 'update') {
      return doc
    }
    await req.payload.db.deleteMany({
      collection: options.sso.accountsSlug as CollectionSlug,
      req,
      where: { user: { equals: account.id } },
    })
    const actorId = req.user?.collection === options.usersCollection ? req.user.id : undefined
    const keep = req.context[keepSessionContextKey]
    await endSessions(req, {
      ...(typeof keep === 'string' ? { exceptSid: keep } : {}),
      reason: 'signInMethodChange',
      ...(actorId === undefined ? {} : { revokedBy: actorId }),
      userId: account.id,
    })
    await recordAuditEvent(req, {
      data: { from, to },
      event: 'account.signInMethodChanged',
      user: account,
    })
    if (typeof account.email !== 'string') {
      return doc
    }
    const language = recipientLanguage(account, options)
    if (to !== 'local') {
      // An identity at a provider is a way in: told with a "this wasn't me" link, and to a run's
      // first address too, since the link flow needs only a session in sudo mode and the provider.
      await sendSignInAddedNotice(req, options, {
        account,
        addedAt: new Date(),
        body: 'emailSignInMethodChangedBody',
        subject: 'emailSignInMethodChangedSubject',
        variables: { method: providerLabel(options, to) },
      })
      return doc
    }
    await sendSecurityEmail(req, {
      action: {
        label: 'emailActionSignIn',
        url: adminURL(req, req.payload.config.admin.routes.login),
      },
      body: 'emailSignInMethodChangedBody',
      language,
      subject: 'emailSignInMethodChangedSubject',
      to: account.email,
      variables: {
        email: account.email,
        method:
          to === 'local'
            ? backofficeText(req.payload.config, language, 'signInMethodPassword')
            : providerLabel(options, to),
      },
    })
    if (to === 'local') {
      await sendResetInstructions(req, options, account.email)
    }
    return doc
  }
