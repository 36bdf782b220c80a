import type { PayloadRequest } from 'payload'
import type * as z from 'zod'

import type { recoveryCodeRequest } from './recoveryCodeRequest.js'

import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { normaliseRecoveryCode } from '../lib/recoveryCodes.js'

export type RecoveryCodeRequest = { code: string; trustThisDevice: boolean }

/**
 * A recovery-code sign-in's body (see `recoveryCodeRequest`) as a code: a string that cannot be one
 * is refused with RECOVERY_CODE_INVALID, not counted as a guess (it cannot be right).
 */
export const readRecoveryCodeRequest = (
  req: PayloadRequest,
  body: z.output<typeof recoveryCodeRequest>,
): RecoveryCodeRequest => {
  const code = normaliseRecoveryCode(body.code)
  if (!code) {
    throw new BackofficeError('RECOVERY_CODE_INVALID', { req })
  }
  return { code, trustThisDevice: body.trustThisDevice === true }
}
