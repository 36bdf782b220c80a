import type { Endpoint } from 'payload'

import * as z from 'zod'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { assertPasswordAllowed } from '../../policies/passwordPolicy/assertPasswordAllowed.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { hashToken, isWellFormedToken } from '../../shared/lib/tokens.js'
import {
  assertConfirmationMatches,
  confirmationKey,
  confirmationRefusal,
  passwordConfirmationField,
} from '../../shared/request/passwordConfirmation.js'
import { sameSite } from '../../shared/request/sameSite.js'
import { signInWithNewPassword } from '../../signIn/signInWithNewPassword.js'
import { assertReferencesReadable } from './assertReferencesReadable.js'
import { completeInvitation } from './completeInvitation.js'
import { invitationStore } from './invitationStore.js'
import { pickFields, profileFieldsFor } from './profileFields.js'
import { hasProfileValueShape } from './profileValueShape.js'

/**
 * The token and the password, in the order they are refused; the other keys are the profile, read
 * below against the fields the invitee may set (which depend on the collection and the account, so
 * no schema fixed at start-up can list them). The password's length is the policy's to judge.
 */
const acceptRequest = z.looseObject({
  token: z.custom<string>(isWellFormedToken),
  password: z.string().min(1),
  [confirmationKey]: passwordConfirmationField,
})

/**
 * `POST /api/<users>/accept-invitation` with `token`, `password` and the profile fields the invitee
 * may set (JSON, or the admin's form post). In order:
 * - the token's shape, then that the link still works (without using it up): otherwise 400
 *   INVITATION_INVALID_OR_EXPIRED, whether it is malformed, unknown, expired, used or revoked;
 * - a confirmation of the password, when the form sends one, equal to it: else 400
 *   PASSWORDS_DO_NOT_MATCH, and the link still works;
 * - the profile: only the fields `profileFieldsFor` allows are taken, the rest (roles, the sign-in
 *   method, API keys and every other security field, the email) ignored as Payload ignores fields a
 *   user may not write: one rule for every key the page does not offer, so an attempt learns nothing
 *   and changes nothing, while the person still gets in with the password they chose. Wrong JSON
 *   types are refused, and so are references to documents the invitee may not read;
 * - the password policy, with the account's email and name as weak words: a refused password uses
 *   nothing up, and the same link works again;
 * - the link is used up atomically and the password and profile saved (see completeInvitation);
 * - the person is signed in through `signInWithNewPassword`, the one place such flows mint a session
 *   (every sign-in hook runs; a second factor, once it exists, steps in there).
 * The answer is that of a sign-in: `user`, `token` unless the collection hides it, and `redirectTo`
 * when a later step (two-factor) asks for one.
 */
export const acceptInvitationEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: acceptRequest,
    handler: async (req, { body: data }) => {
      const { password, token } = data
      const tokenHash = hashToken(token)
      const account = await invitationStore(req, options).findUsable(tokenHash)
      if (!account || typeof account.email !== 'string') {
        throw new BackofficeError('INVITATION_INVALID_OR_EXPIRED', { req })
      }
      assertConfirmationMatches(req, data)
      const fields = await profileFieldsFor(req, options, account)
      if (
        fields.some((field) => !hasProfileValueShape(field, data[(field as { name: string }).name]))
      ) {
        throw new BackofficeError('MALFORMED_REQUEST', { req })
      }
      const profile = pickFields(data, fields)
      await assertReferencesReadable(req, {
        account,
        collection: options.usersCollection,
        fields,
        profile,
      })

      await assertPasswordAllowed(req, options, { password, user: { ...account, ...profile } })
      if (!(await completeInvitation(req, options, { account, password, profile, tokenHash }))) {
        throw new BackofficeError('INVITATION_INVALID_OR_EXPIRED', { req })
      }
      return signInWithNewPassword(req, options, {
        email: account.email,
        factor: 'invitation',
        password,
      })
    },
    method: 'post',
    path: '/accept-invitation',
    refuseBody: (req, field, issue) =>
      field === confirmationKey
        ? confirmationRefusal(req, issue)
        : new BackofficeError(
            field === 'password' ? 'PASSWORD_REQUIRED' : 'INVITATION_INVALID_OR_EXPIRED',
            { req },
          ),
    requires: [sameSite],
  })
