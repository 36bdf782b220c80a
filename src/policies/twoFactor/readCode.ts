import type { PayloadRequest } from 'payload'
import type * as z from 'zod'

import type { codeRequest } from './codeRequest.js'

import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { totpParameters } from './constants.js'

export type CodeRequest = { code: string; trustThisDevice: boolean }

/**
 * A code submission's body (see `codeRequest`) as a code: one that is not six digits cannot be right
 * and is refused with TOTP_CODE_INVALID, not counted as a guess.
 */
export const readCodeRequest = (
  req: PayloadRequest,
  body: z.output<typeof codeRequest>,
): CodeRequest => {
  if (!new RegExp(`^\\d{${totpParameters.digits}}$`).test(body.code)) {
    throw new BackofficeError('TOTP_CODE_INVALID', { req })
  }
  return { code: body.code, trustThisDevice: body.trustThisDevice === true }
}
