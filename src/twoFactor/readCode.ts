import type { PayloadRequest } from 'payload'

import { BackofficeError } from '../errors/BackofficeError.js'
import { readBody } from '../request/readBody.js'
import { totpParameters } from './constants.js'

export type CodeRequest = { code: string; trustThisDevice: boolean }

/**
 * The body of a code submission: `code` (spaces allowed, as apps show "123 456"), and optionally
 * `trustThisDevice`. Refuses anything else: a body that cannot be read, a missing or non-string code,
 * a code that is not six digits (TOTP_CODE_INVALID, not counted as a guess: it cannot be right), a
 * non-boolean flag.
 */
export const readCodeRequest = async (req: PayloadRequest): Promise<CodeRequest> => {
  const data = await readBody(req)
  if (typeof data.code !== 'string' && typeof data.code !== 'number') {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
  if (data.trustThisDevice !== undefined && typeof data.trustThisDevice !== 'boolean') {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
  const code = String(data.code).replace(/\s/g, '')
  if (code.length > 64) {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
  if (!new RegExp(`^\\d{${totpParameters.digits}}$`).test(code)) {
    throw new BackofficeError('TOTP_CODE_INVALID', { req })
  }
  return { code, trustThisDevice: data.trustThisDevice === true }
}
