import type { CollectionSlug, Endpoint, PayloadRequest } from 'payload'

import * as z from 'zod'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { assertPasswordAllowed } from '../../policies/passwordPolicy/assertPasswordAllowed.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { credentialLimits } from '../../shared/request/credentialLimits.js'
import {
  assertConfirmationMatches,
  confirmationKey,
  confirmationRefusal,
  passwordConfirmationField,
} from '../../shared/request/passwordConfirmation.js'
import { passwordField } from '../../shared/request/passwordField.js'
import { passwordRefusal } from '../../shared/request/passwordRefusal.js'
import { sameSite } from '../../shared/request/sameSite.js'
import { signInWithNewPassword } from '../../signIn/signInWithNewPassword.js'
import { firstUserData } from './firstUserData.js'
import { whileHoldingFirstUserLock } from './firstUserLock.js'

/** Any account at all, trashed ones included: the same test the admin uses to offer this page. */
const anyAccount = async (req: PayloadRequest, usersCollection: CollectionSlug) =>
  Boolean(await req.payload.db.findOne({ collection: usersCollection, req, where: {} }))

/**
 * The email (trimmed, lower-cased), the password and the form's confirmation of it; the other keys are the account's other fields,
 * which `firstUserData` reads against the fields the collection offers (its pattern for the address
 * is the collection's own validation, on create).
 */
const registerRequest = z.looseObject({
  email: z.string().trim().toLowerCase().min(1).max(credentialLimits.email),
  password: passwordField,
  [confirmationKey]: passwordConfirmationField,
})

const registerFirstUser = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  body: z.output<typeof registerRequest>,
): Promise<Response> => {
  const { payload } = req
  const collection = payload.collections[options.usersCollection]!
  const { email, password } = body
  // Before anything else, so that once there is an account this endpoint does no more than look.
  if (await anyAccount(req, options.usersCollection)) {
    throw new BackofficeError('FIRST_USER_ALREADY_CREATED', { req })
  }
  assertConfirmationMatches(req, body)
  const data = await firstUserData(req, options, body)
  // Outside the lock: a breached-password lookup may take a while.
  await assertPasswordAllowed(req, options, { password, user: { ...data, email } })

  const outcome = await whileHoldingFirstUserLock(payload, options.usersCollection, async () =>
    (await anyAccount(req, options.usersCollection))
      ? null
      : payload.create({
          collection: options.usersCollection,
          data: { ...data, email, password } as Record<string, unknown>,
          draft: false,
          depth: 0,
          // Marked verified below instead: there is nobody to confirm the address to yet.
          disableVerificationEmail: true,
          // As in Payload's own: nobody is signed in to ask; `firstUserData` chose the fields.
          overrideAccess: true,
          req,
        }),
  )
  if (!outcome.acquired || !outcome.value) {
    throw new BackofficeError('FIRST_USER_ALREADY_CREATED', { req })
  }
  const user = outcome.value as { email: string; id: number | string }
  if (collection.config.auth.verify) {
    // The first administrator has nobody to verify their address for them (Payload does the same).
    await payload.update({
      id: user.id,
      collection: options.usersCollection,
      data: { _verified: true } as Record<string, unknown>,
      overrideAccess: true,
      req,
    })
  }
  return signInWithNewPassword(req, options, { email: user.email, factor: 'firstUser', password })
}

/**
 * `POST /api/{users}/first-register`, in place of Payload's own, which checks "no account yet" and
 * creates one without a lock (two requests racing on a fresh install could both become
 * administrators) and applies no password policy. Here the policy is checked first, then "no account
 * yet, create it" runs under an advisory lock, and the new account signs in through the shared
 * sign-in path, so every sign-in hook (sessions, audit, a second factor once it exists) applies.
 * A second attempt answers 409 "first user already created".
 */
export const firstRegisterEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: registerRequest,
    handler: (req, { body }) => registerFirstUser(req, options, body),
    method: 'post',
    path: '/first-register',
    refuseBody: (req, field, issue) =>
      field === 'email'
        ? new BackofficeError('EMAIL_INVALID', { req })
        : field === confirmationKey
          ? confirmationRefusal(req, issue)
          : passwordRefusal(req, issue),
    requires: [sameSite],
  })
