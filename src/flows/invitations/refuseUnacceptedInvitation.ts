import type { CollectionBeforeLoginHook } from 'payload'

import { AuthenticationError } from 'payload'

import type { InvitationState } from './fields.js'

/**
 * An invited account signs in only once its invitee has accepted: until then its password is one
 * nobody chose, and a revoked invitation means the person is not to come in at all. Should a
 * password have been set some other way (an administrator's edit, a reset), the sign-in is refused
 * with Payload's "wrong email or password", the very answer any failed sign-in gets, counted by the
 * lockout like one: nothing tells a caller that the address belongs to an open invitation.
 */
export const refuseUnacceptedInvitation: CollectionBeforeLoginHook = ({ req, user }) => {
  const status = (user as { invitation?: InvitationState | null }).invitation?.status
  if (status === 'pending' || status === 'revoked') {
    throw new AuthenticationError(req.t)
  }
  return user
}
