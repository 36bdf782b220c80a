import type { PayloadRequest } from 'payload'

import type { SecondFactorNeed } from '../policies/twoFactor/enforcement.js'

import { BackofficeError } from '../shared/errors/BackofficeError.js'

/**
 * Thrown by the `beforeLogin` hook when a correct password is not enough: Payload's login then rolls
 * back the session it had just added, so none exists. Whoever called the login (the plugin's login
 * endpoint, the password-setting flows) turns it into a challenge; anyone else, the Local API's
 * `payload.login` included, gets "MFA required" (401).
 */
export class SecondFactorRequired extends BackofficeError {
  readonly need: Exclude<SecondFactorNeed, 'none'>
  readonly userId: number | string

  constructor(
    req: Pick<PayloadRequest, 'i18n'>,
    userId: number | string,
    need: Exclude<SecondFactorNeed, 'none'>,
  ) {
    super('MFA_REQUIRED', { req })
    this.need = need
    this.userId = userId
  }
}
