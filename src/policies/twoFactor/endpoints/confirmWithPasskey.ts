import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { Endpoint } from 'payload'

import * as z from 'zod'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { readAccount } from '../../../shared/accounts/staffAccount.js'
import { recordAuditEvent } from '../../../shared/audit/recordAuditEvent.js'
import { backofficeEndpoint } from '../../../shared/endpoint/backofficeEndpoint.js'
import { malformedBody } from '../../../shared/endpoint/malformedBody.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { jsonResponse } from '../../../shared/request/http.js'
import { signedInSession } from '../../../shared/request/signedInSession.js'
import { sessionConfirmed } from '../../sudo/sessionConfirmed.js'
import {
  authenticationOptions,
  requireRelyingParty,
  verifyAssertion,
} from '../passkeys/ceremonies.js'
import { credentialJSON } from '../passkeys/credentialJSON.js'
import { claimSignCount, credentialsOf, findPasskey } from '../passkeys/passkeyStore.js'

/**
 * `POST /api/{users}/mfa/passkeys/confirm-options`: for "Confirm it's you", the options to ask the
 * browser's authenticator for an assertion with one of the signed-in account's passkeys, over a
 * challenge stored for this account and this purpose (`sudo`), so an assertion made for a sign-in
 * cannot confirm and one made here cannot sign in.
 */
export const passkeyConfirmOptionsEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { viewer }) => {
      requireRelyingParty(req, options)
      const credentials = await credentialsOf(req.payload, viewer.id)
      if (credentials.length === 0) {
        throw new BackofficeError('PASSKEY_NOT_REGISTERED', { req })
      }
      return jsonResponse(
        req,
        await authenticationOptions(req, options, {
          credentials,
          purpose: 'sudo',
          userId: viewer.id,
        }),
      )
    },
    method: 'post',
    path: '/mfa/passkeys/confirm-options',
    requires: [signedInSession(options)],
  })

/**
 * `POST /api/{users}/mfa/passkeys/confirm` with `{ response }`: "Confirm it's you" with a passkey
 * (GitHub's sudo mode takes one:
 * https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/sudo-mode), opening
 * sudo mode for `sudo.windowMinutes` like `confirm-password`. The assertion must be for one of the
 * signed-in account's passkeys, over a live `sudo` challenge issued to it (taken in one statement,
 * so a replay or two racing verify at most once), with user verification and a counter that moved
 * forward. Nothing to guess, so no lockout counting: a refusal is PASSKEY_INVALID. Audited as
 * `password.confirmed` with `data.factor` `passkey`.
 */
export const confirmWithPasskeyEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: z.object({ response: credentialJSON }),
    handler: async (req, { body, viewer }) => {
      const account = await readAccount(req, options, viewer.id)
      if (!account) {
        throw new BackofficeError('AUTHENTICATION_REQUIRED', { req })
      }
      // The outline is checked; the verification below judges the rest.
      const response = body.response as unknown as AuthenticationResponseJSON
      const passkey = await findPasskey(req.payload, response.id)
      if (!passkey || String(passkey.userId) !== String(account.id)) {
        throw new BackofficeError('PASSKEY_INVALID', { req })
      }
      const { newCounter } = await verifyAssertion(req, options, {
        passkey,
        purpose: 'sudo',
        response,
        userId: account.id,
      })
      if (!(await claimSignCount(req.payload, passkey.id, newCounter))) {
        await recordAuditEvent(req, {
          data: { passkeyId: passkey.id },
          event: 'twoFactor.replayRejected',
          user: account,
        })
        throw new BackofficeError('PASSKEY_INVALID', { req })
      }
      // `signedInSession` let only a request with a session of its own this far.
      return sessionConfirmed(req, options, {
        account,
        data: { factor: 'passkey', passkeyId: passkey.id },
        sid: viewer._sid!,
      })
    },
    method: 'post',
    path: '/mfa/passkeys/confirm',
    refuseBody: malformedBody,
    requires: [signedInSession(options)],
  })
