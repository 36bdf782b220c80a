import type { Endpoint } from 'payload'

import QRCode from 'qrcode'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { backofficeEndpoint } from '../../../shared/endpoint/backofficeEndpoint.js'
import { sealSecret } from '../../../shared/lib/secretBox.js'
import { jsonResponse } from '../../../shared/request/http.js'
import { signedInRequest } from '../../../shared/request/requestUser.js'
import { freshProof } from '../../sudo/freshProof.js'
import { beginEnrolment } from '../accountState.js'
import { enrollingAccount } from '../enrollingAccount.js'
import { totpIssuer } from '../issuer.js'
import { generateTotpSecret, otpauthUri } from '../lib/totp.js'
import { awaitsSetupAfterReset } from '../resetRequests/awaitsSetupAfterReset.js'
import { totpSecretKeys } from './secretKey.js'

/**
 * `GET /api/{users}/mfa/totp/setup`: a new secret for the signed-in account (or one that must enrol
 * before signing in), generated here and never taken from the client, stored encrypted as pending,
 * replacing any earlier pending one. Answers `{ abort: false, accountName, afterApprovedReset, qrCode,
 * secret }` (`accountName` as the app will show it, also named on the recovery codes sheet),
 * the QR code as a data URL, `afterApprovedReset` true when an administrator's approval of a reset
 * request is why the account sets up again (the page says so); `{ abort: true }` when there is
 * nothing to set up (two-factor already enabled).
 */
export const setupEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { enrolling }) => {
      const { account } = enrolling
      const nothingToSetUp = jsonResponse(req, { abort: true, qrCode: null, secret: null })
      if (account.totpConfig?.status === 'enabled') {
        return nothingToSetUp
      }
      const secret = generateTotpSecret()
      const sealed = sealSecret(
        secret,
        totpSecretKeys(req.payload, options)[0]!,
        String(account.id),
      )
      if (!(await beginEnrolment(req.payload, options, account.id, sealed))) {
        return nothingToSetUp
      }
      const accountName = account.email ?? String(account.id)
      const uri = otpauthUri({
        accountName,
        issuer: totpIssuer(req.payload.config, options),
        secret,
      })
      const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2 })
      const afterApprovedReset = await awaitsSetupAfterReset(req.payload, options, account.id)
      // The secret is in this answer: no cache may keep it.
      return jsonResponse(
        req,
        { abort: false, accountName, afterApprovedReset, qrCode, secret },
        new Headers({ 'Cache-Control': 'no-store' }),
      )
    },
    method: 'get',
    path: '/mfa/totp/setup',
    // Enrolling from a session replaces the pending secret: only with a fresh proof, so a stolen
    // session cannot put its own authenticator on the account. Enrolment before any session (the
    // sign-in's forced step) was proved by the password a moment ago.
    requires: [freshProof(options, { when: signedInRequest(options) }), enrollingAccount(options)],
  })
