import type { PayloadRequest } from 'payload'

import * as z from 'zod'

import { BackofficeError } from '../errors/BackofficeError.js'
import { credentialLimits } from './credentialLimits.js'

/** The name Payload's auth forms give a new password's confirmation (`confirm-password`). */
export const confirmationKey = 'confirm-password'

/** The confirmation as a body carries it: optional, a string no longer than a password may be. */
export const passwordConfirmationField = z.string().max(credentialLimits.password).optional()

/**
 * A form that asks for the new password twice sends both, and a differing pair is refused here
 * (400 PASSWORDS_DO_NOT_MATCH) whatever the browser checked: a form sent a moment after the last
 * keystroke must not set a password the person did not type twice. A client that sends no
 * confirmation (a script, an API call) is not asked for one, as Payload's own REST API asks none.
 */
export const assertConfirmationMatches = (
  req: PayloadRequest,
  body: { [confirmationKey]?: string; password: string },
): void => {
  const confirmation = body[confirmationKey]
  if (confirmation !== undefined && confirmation !== body.password) {
    throw new BackofficeError('PASSWORDS_DO_NOT_MATCH', { req })
  }
}

/** The refusal of a `passwordConfirmationField` that is not a string or is over the limit. */
export const confirmationRefusal = (req: PayloadRequest, issue: { code: string }) =>
  new BackofficeError(issue.code === 'too_big' ? 'PAYLOAD_TOO_LARGE' : 'PASSWORDS_DO_NOT_MATCH', {
    req,
  })
