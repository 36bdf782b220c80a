import type { PayloadRequest } from 'payload'

import type { BackofficeErrorCode } from '../shared/errors/catalogue.js'
import type { SanitizedBackofficeOptions } from '../shared/options/types.js'

import { readTotpState } from '../policies/twoFactor/accountState.js'
import { findChallenge } from '../policies/twoFactor/challenges.js'
import { secondFactorNeed } from '../policies/twoFactor/enforcement.js'
import { hasPasskey } from '../policies/twoFactor/passkeys/passkeyStore.js'
import { passkeyRequiredFor } from '../policies/twoFactor/passkeys/requirement.js'
import { readAccount } from '../shared/accounts/staffAccount.js'
import { BackofficeError } from '../shared/errors/BackofficeError.js'
import { challengeExpired } from './challengeExpired.js'
import { twoFactorViewPath } from './passwordSignIn.js'

/**
 * The second step of a sign-in with a code (a code from the authenticator app, or a recovery code),
 * read up to the attempt: the code (`read`, from the endpoint's declared body, which refused a
 * malformed one already), the browser's challenge and its account, with every refusal that is not a
 * guess. The code's own refusal waits until the challenge has been looked at: a well-formed
 * impossible code (`invalidCode`) without a challenge is not worth telling apart from an expired
 * sign-in.
 */
export const readCodeAttempt = async <Body>(
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    invalidCode,
    read,
    standsInForPasskey = false,
  }: {
    invalidCode: BackofficeErrorCode
    read: () => Body
    /**
     * The code stands in for a passkey too (a recovery code: they come with every second factor),
     * so an account whose only factor is a passkey may use it; `sealedSecret` is then null.
     */
    standsInForPasskey?: boolean
  },
) => {
  let body: Body | BackofficeError
  try {
    body = read()
  } catch (error) {
    if (!(error instanceof BackofficeError)) {
      throw error
    }
    body = error
  }
  const challenge = await findChallenge(req)
  if (!challenge) {
    throw body instanceof BackofficeError && body.code !== invalidCode
      ? body
      : challengeExpired(req, options)
  }
  const account = await readAccount(req, options, challenge.userId)
  const state = account ? await readTotpState(req.payload, options, account.id) : null
  if (!account || !state) {
    throw challengeExpired(req, options)
  }
  const withPasskey = await hasPasskey(req.payload, account.id)
  const appOn = state.status === 'enabled' && Boolean(state.sealedSecret)
  if (!appOn && !(standsInForPasskey && withPasskey)) {
    // A code from the app needs the app: a passkey-only account has none (a recovery code stands in
    // for its passkey instead), and one whose factors an approved reset removed has neither left
    // (enrolment is next).
    if (withPasskey) {
      throw new BackofficeError('TOTP_NOT_ENABLED', { req })
    }
    throw secondFactorNeed(account, account.totpConfig, options, withPasskey) === 'enrol'
      ? new BackofficeError('TOTP_ENROLMENT_PENDING', {
          redirectTo: twoFactorViewPath(req, 'enrol'),
          req,
        })
      : challengeExpired(req, options)
  }
  if (body instanceof BackofficeError) {
    throw body
  }
  if (withPasskey && passkeyRequiredFor(account, options)) {
    // A role that must use a phishing-resistant factor: a code, which can be phished, is refused.
    throw new BackofficeError('PASSKEY_REQUIRED', { req })
  }
  return { account, body, challenge, sealedSecret: appOn ? state.sealedSecret : null }
}
