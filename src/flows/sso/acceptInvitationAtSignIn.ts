import type { PayloadRequest } from 'payload'

import type { StaffAccount } from '../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { invitationStore } from '../invitations/invitationStore.js'
import { SsoRefusal } from './ssoRefusal.js'

type InvitedAccount = { invitation?: { status?: null | string } | null } & StaffAccount

/**
 * An invited account of a provider is accepted by its first sign-in there, the provider having just
 * proved that the person owns the invited address (see linkedUser.ts). A revoked invitation keeps
 * the person out, and an expired one needs the administrator to resend it, as with a link. Answers
 * the account as it now is.
 */
export const acceptInvitationAtSignIn = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  account: InvitedAccount,
): Promise<InvitedAccount> => {
  const status = account.invitation?.status
  if (status === 'revoked') {
    throw new SsoRefusal('SSO_ACCOUNT_NOT_FOUND', 'invitationRevoked')
  }
  if (status !== 'pending') {
    return account
  }
  const accepted = await invitationStore(req, options).acceptAtSignIn(account.id)
  if (!accepted) {
    throw new SsoRefusal('INVITATION_INVALID_OR_EXPIRED', 'invitationExpired')
  }
  const invitee = { email: account.email ?? null, id: account.id }
  await recordAuditEvent(req, {
    actor: invitee,
    data: { factor: 'sso' },
    event: 'invitation.accepted',
    user: invitee,
  })
  return { ...account, invitation: accepted.invitation ?? null }
}
