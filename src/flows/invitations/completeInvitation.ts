import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { InvitedAccount } from './invitationStore.js'

import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { inTransaction } from '../../shared/db/inTransaction.js'
import { invitationStore } from './invitationStore.js'

/**
 * Uses the link up and saves the invitee's password and profile, in one transaction: if anything
 * after the link is used fails (a hook refusing the password, a profile value Payload's validation
 * rejects, the database), the link is back and still works. The save goes through `payload.update`,
 * so every hook of the collection runs (the password policy, the audit of the account). Returns
 * false when the link was used up meanwhile (a parallel acceptance won).
 */
export const completeInvitation = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    account,
    password,
    profile,
    tokenHash,
  }: {
    account: InvitedAccount
    password: string
    profile: Record<string, unknown>
    tokenHash: string
  },
): Promise<boolean> => {
  return inTransaction(req, async () => {
    const consumed = await invitationStore(req, options).consume(tokenHash)
    if (!consumed || String(consumed.id) !== String(account.id)) {
      // Nothing was written: a parallel acceptance spent the token first.
      return false
    }
    // The plugin's write, not the invitee's: system-level, with only the whitelisted profile fields
    // (see profileFieldsFor) next to the password.
    await req.payload.update({
      id: account.id,
      collection: options.usersCollection,
      data: { ...profile, password },
      overrideAccess: true,
      req,
    })
    const invitee = { email: account.email as string, id: account.id }
    await recordAuditEvent(req, { actor: invitee, event: 'invitation.accepted', user: invitee })
    return true
  })
}
