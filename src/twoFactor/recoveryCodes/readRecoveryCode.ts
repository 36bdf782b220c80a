import type { PayloadRequest } from 'payload'

import { BackofficeError } from '../../errors/BackofficeError.js'
import { readBody } from '../../request/readBody.js'
import { normaliseRecoveryCode } from '../lib/recoveryCodes.js'

export type RecoveryCodeRequest = { code: string; trustThisDevice: boolean }

/**
 * The body of a recovery-code sign-in: `code` as typed (any case, spaces and dashes), optionally
 * `trustThisDevice`. A body that cannot be read, a missing or non-string code, an overlong one or a
 * non-boolean flag is MALFORMED_REQUEST; a string that cannot be a code is RECOVERY_CODE_INVALID,
 * not counted as a guess (it cannot be right).
 */
export const readRecoveryCodeRequest = async (
  req: PayloadRequest,
): Promise<RecoveryCodeRequest> => {
  const data = await readBody(req)
  if (typeof data.code !== 'string' || data.code.length > 64) {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
  if (data.trustThisDevice !== undefined && typeof data.trustThisDevice !== 'boolean') {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
  const code = normaliseRecoveryCode(data.code)
  if (!code) {
    throw new BackofficeError('RECOVERY_CODE_INVALID', { req })
  }
  return { code, trustThisDevice: data.trustThisDevice === true }
}
