import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { backofficeEndpoint } from '../../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { assertEmptyBody, jsonResponse } from '../../../shared/request/http.js'
import { signedIn } from '../../../shared/request/signedIn.js'
import { freshProof } from '../../sudo/freshProof.js'
import { issueRecoveryCodes } from '../issueRecoveryCodes.js'
import { recoveryCodesStatus } from './store.js'

/**
 * `GET /api/{users}/mfa/recovery-codes`: how many of the signed-in person's recovery codes remain,
 * out of how many, generated when (`{ generatedAt, remaining, total }`); never the codes, which are
 * stored only as hashes.
 */
export const recoveryCodesStatusEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { viewer }) => {
      return jsonResponse(req, await recoveryCodesStatus(req.payload, viewer.id))
    },
    method: 'get',
    path: '/mfa/recovery-codes',
    requires: [signedIn(options)],
  })

/**
 * `POST /api/{users}/mfa/recovery-codes`: a new set of `recoveryCodes.count` codes for the signed-in
 * person, who must have a second factor on (the app or a passkey). The earlier codes stop working in the same
 * transaction. The codes are in this answer and nowhere else (`{ codes, generatedAt, remaining,
 * total }`, not cacheable); the owner is emailed, so codes made with a stolen session do not go
 * unnoticed. Sudo mode: a stolen session alone must not be able to mint itself a way past the
 * second factor (OWASP ASVS 5.0 V7.5, "changes to … factors and recovery").
 */
export const generateRecoveryCodesEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { viewer }) => {
      await assertEmptyBody(req)
      const issued = await issueRecoveryCodes(req, options, viewer)
      if (!issued) {
        throw new BackofficeError('TOTP_NOT_ENABLED', { req })
      }
      return jsonResponse(req, issued, new Headers({ 'Cache-Control': 'no-store' }))
    },
    method: 'post',
    path: '/mfa/recovery-codes',
    requires: [signedIn(options), freshProof(options)],
  })
