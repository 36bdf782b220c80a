import type { PayloadRequest, Where } from 'payload'

import type { StaffAccount } from '../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { InvitationState } from './fields.js'

import { isLocalAccount } from '../../shared/accounts/signInMethod.js'

export type InvitedAccount = { invitation?: InvitationState | null } & StaffAccount

/** A link that still works: its hash, pending, not expired (the clock is the app's, as Payload's own). */
const usable = (tokenHash: string): Where => ({
  and: [
    { 'invitation.tokenHash': { equals: tokenHash } },
    { 'invitation.status': { equals: 'pending' } },
    { 'invitation.expiresAt': { greater_than: new Date().toISOString() } },
  ],
})

/**
 * Every change of an invitation's state is one conditional `UPDATE … WHERE … RETURNING` through the
 * database adapter (`atomic`), in the request's transaction: PostgreSQL serialises them on the
 * account's row, so two requests with one link cannot both accept it, and a resend or revoke racing
 * an acceptance either wins or finds nothing to change (ASVS 5.0 6.4.1: single use, consumed
 * atomically). Going through the adapter rather than `payload.update` writes only these columns
 * and runs no hooks: the audit log gets an invitation event, not a "user updated" one. Links are
 * looked up by the SHA-256 of the token; the token itself is never stored.
 */
export const invitationStore = (req: PayloadRequest, options: SanitizedBackofficeOptions) => {
  const collection = options.usersCollection
  const update = async (where: Where, invitation: Partial<InvitationState>) =>
    (await req.payload.db.updateOne({
      collection,
      data: { invitation },
      options: { atomic: true },
      req,
      where,
    })) as InvitedAccount | null
  const byId = (id: number | string, statuses: string[]): Where => ({
    and: [{ id: { equals: id } }, { 'invitation.status': { in: statuses } }],
  })

  return {
    /**
     * The account a working link belongs to; reading it uses nothing up. An account of a single
     * sign-on provider has no link to use: its invitation is accepted by signing in there.
     */
    findUsable: async (tokenHash: string) => {
      const account = await req.payload.db.findOne<InvitedAccount>({
        collection,
        req,
        where: usable(tokenHash),
      })
      return account && isLocalAccount(account) ? account : null
    },

    /**
     * Accepts a pending, unexpired invitation at the invitee's first single sign-on, whose provider
     * proved the invited address. Null when there was none to accept (expired, revoked, accepted).
     */
    acceptAtSignIn: (id: number | string) =>
      update(
        {
          and: [
            { id: { equals: id } },
            { 'invitation.status': { equals: 'pending' } },
            { 'invitation.expiresAt': { greater_than: new Date().toISOString() } },
          ],
        },
        { acceptedAt: new Date().toISOString(), status: 'accepted', tokenHash: null },
      ),

    /** Uses the link up, if it still works: the one request that gets the account back may go on. */
    consume: (tokenHash: string) =>
      update(usable(tokenHash), {
        acceptedAt: new Date().toISOString(),
        status: 'accepted',
        tokenHash: null,
      }),

    /**
     * A new link for a pending or revoked invitation, with a new expiry: the earlier link stops
     * working at once. Null when there is nothing to renew (accepted meanwhile).
     */
    renew: (
      id: number | string,
      {
        expiresAt,
        invitedBy,
        tokenHash,
      }: { expiresAt: Date; invitedBy: number | string; tokenHash: string },
    ) =>
      update(byId(id, ['pending', 'revoked']), {
        acceptedAt: null,
        deliveryFailed: false,
        expiresAt: expiresAt.toISOString(),
        invitedAt: new Date().toISOString(),
        invitedBy,
        status: 'pending',
        tokenHash,
      }),

    /** Voids a pending invitation's link. Null when it was not pending. */
    revoke: (id: number | string) =>
      update(byId(id, ['pending']), { status: 'revoked', tokenHash: null }),

    /** Records whether the last invitation email reached the mail server. */
    setDeliveryFailed: (id: number | string, deliveryFailed: boolean) =>
      update({ id: { equals: id } }, { deliveryFailed }),
  }
}
