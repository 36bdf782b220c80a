import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { readAccount } from '../../../shared/accounts/staffAccount.js'
import { backofficeEndpoint } from '../../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { jsonResponse } from '../../../shared/request/http.js'
import { challengeRefusalCode } from '../challengeRefusalCode.js'
import { findChallenge } from '../challenges.js'
import { twoFactorCookie } from '../cookies.js'
import { secondFactorNeed } from '../enforcement.js'
import { hasPasskey } from '../passkeys/passkeyStore.js'
import { recoveryCodesStatus } from '../recoveryCodes/store.js'
import { recognisedDevice } from '../secondFactorDue.js'

/**
 * `GET /api/{users}/mfa/factors`: for the browser holding a two-factor challenge, which second
 * factors its account has, so the prompt offers each (the passkey first). Asked by the prompt's
 * script: the challenge cookie is scoped to the users API, so the admin page itself never sees it.
 */
export const secondFactorsEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const challenge = await findChallenge(req)
      if (!challenge) {
        throw new BackofficeError(challengeRefusalCode(req), {
          cookies: [twoFactorCookie(req, options, 'challenge', null)],
          redirectTo: `${req.payload.config.routes.admin}${req.payload.config.admin.routes.login}`,
          req,
        })
      }
      // One read of the account serves every answer below.
      const account = await readAccount(req, options, challenge.userId)
      const passkey = options.passkeys.enabled && (await hasPasskey(req.payload, challenge.userId))
      return jsonResponse(req, {
        passkey,
        recoveryCodes: (await recoveryCodesStatus(req.payload, challenge.userId)).remaining > 0,
        totp: account?.totpConfig?.status === 'enabled',
        // A single sign-on arrives without this browser's device cookie: the prompt settles it with
        // `POST /mfa/trusted-device` (signIn/endpoints/trustedDeviceSecondFactor.ts).
        trustedDevice:
          account !== null &&
          secondFactorNeed(account, account.totpConfig, options, passkey) === 'challenge' &&
          (await recognisedDevice(req, options, account)) !== null,
      })
    },
    method: 'get',
    path: '/mfa/factors',
  })
