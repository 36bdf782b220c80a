import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { Endpoint } from 'payload'

import * as z from 'zod'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { EndpointGuard } from '../../shared/request/EndpointGuard.js'

import { attemptCredential } from '../../policies/lockout/attemptCredential.js'
import { knownBrowserOf } from '../../policies/lockout/knownBrowsers.js'
import { signInOptions, verifyAssertion } from '../../policies/twoFactor/passkeys/ceremonies.js'
import { credentialJSON } from '../../policies/twoFactor/passkeys/credentialJSON.js'
import { claimSignCount, findPasskey } from '../../policies/twoFactor/passkeys/passkeyStore.js'
import { passkeySignInCookie } from '../../policies/twoFactor/passkeys/signInChallengeCookie.js'
import { isLocalAccount } from '../../shared/accounts/signInMethod.js'
import { readAccount } from '../../shared/accounts/staffAccount.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { malformedBody } from '../../shared/endpoint/malformedBody.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { secondsUntil } from '../../shared/lib/secondsUntil.js'
import { jsonResponse } from '../../shared/request/http.js'
import { sameSite } from '../../shared/request/sameSite.js'
import { completeSignIn } from '../completeSignIn.js'

/** Requires the `passkeys.passwordless` option: otherwise PASSKEYS_UNAVAILABLE, before anything else. */
const passwordless =
  (options: SanitizedBackofficeOptions): EndpointGuard =>
  (req) => {
    if (!options.passkeys.enabled || !options.passkeys.passwordless) {
      throw new BackofficeError('PASSKEYS_UNAVAILABLE', { req })
    }
  }

/**
 * `POST /api/{users}/passkey/sign-in/options`: the options for a password-less sign-in (when the
 * `passkeys.passwordless` option is on). No account is named: the browser offers the discoverable
 * passkeys it holds for this site, so the page reveals nothing about which accounts exist. The
 * challenge travels sealed in a cookie: nothing is stored, however often anyone asks.
 */
export const passkeySignInOptionsEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const { cookie, options: requestOptions } = await signInOptions(req, options)
      return jsonResponse(req, requestOptions, new Headers({ 'set-cookie': cookie }))
    },
    method: 'post',
    path: '/passkey/sign-in/options',
    requires: [passwordless(options)],
  })

/**
 * `POST /api/{users}/passkey/sign-in` with `{ response }`: a complete sign-in with a passkey. A
 * discoverable credential with user verification is two factors in one (something held, and a PIN
 * or biometric: NIST SP 800-63B-4 §3.1.7), so no second factor follows. The assertion must name a
 * stored passkey and carry the user handle it was made with (WebAuthn §7.2 step 6), over a
 * password-less challenge from this server; it goes through the same lockout as a password (a
 * stranger's failures lock strangers out and alert administrators, as with passwords), then the
 * same session minting, so a suspended account is refused and the sign-in is audited.
 */
export const passkeySignInEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: z.object({ response: credentialJSON }),
    handler: async (req, { body }) => {
      // The outline is checked; the verification below judges the rest.
      const response = body.response as unknown as AuthenticationResponseJSON
      const passkey = await findPasskey(req.payload, response.id)
      const userHandle = response.response?.userHandle
      const account = passkey ? await readAccount(req, options, passkey.userId) : null
      if (!passkey || !account || userHandle !== passkey.userHandle) {
        // The challenge is not spent: nothing was verified, it can only ever verify an assertion the
        // authenticator signed, and spending it here would let anyone write a row per request.
        throw new BackofficeError('PASSKEY_INVALID', { req })
      }
      if (!isLocalAccount(account)) {
        // An account of a provider signs in there; a passkey is its second factor only.
        throw new BackofficeError('WRONG_SIGN_IN_METHOD', { req })
      }
      const attempt = await attemptCredential(req, options, {
        account,
        audit: { actor: null, data: { factor: 'passkey' }, failedEvent: 'login.failed' },
        check: async () => {
          try {
            const { newCounter } = await verifyAssertion(req, options, {
              passkey,
              purpose: 'signIn',
              response,
              userId: null,
            })
            if (!(await claimSignCount(req.payload, passkey.id, newCounter))) {
              return { correct: false, reason: 'signCount' }
            }
          } catch (error) {
            if (error instanceof BackofficeError) {
              return { correct: false, reason: 'assertionInvalid' }
            }
            throw error
          }
          return { correct: true, value: passkey }
        },
        knownBrowser: knownBrowserOf(req, account.id),
        onSuspendAfter: 'alert',
      })
      if (attempt.kind === 'locked' || attempt.kind === 'lockedMeanwhile') {
        const lockedUntil = attempt.kind === 'locked' ? attempt.lockedUntil : null
        const seconds = lockedUntil ? secondsUntil(lockedUntil, new Date()) : 1
        throw new BackofficeError('LOGIN_TEMPORARILY_BLOCKED', {
          req,
          retryAfterSeconds: seconds,
          variables: { seconds },
        })
      }
      if (attempt.kind === 'wrong') {
        throw new BackofficeError('PASSKEY_INVALID', { req })
      }
      return completeSignIn(req, options, {
        // Spent already; cleared so the browser does not keep carrying it.
        cookies: [passkeySignInCookie(req, options, null)],
        factor: 'passkeySignIn',
        singleSignOn: null,
        trustThisDevice: false,
        userId: account.id,
      })
    },
    method: 'post',
    path: '/passkey/sign-in',
    refuseBody: malformedBody,
    // It sets a session cookie: another site's page must not sign a browser into an account.
    requires: [passwordless(options), sameSite],
  })
