import type { PayloadRequest } from 'payload'

import type { BackofficeErrorCode } from '../errors/catalogue.js'

import { BackofficeError } from '../errors/BackofficeError.js'
import { readBody } from '../request/readBody.js'
import { totpParameters } from './constants.js'

export type CodeRequest = { code: string; trustThisDevice: boolean }

/**
 * The body of a code submission: `code` (spaces allowed, as apps show "123 456"), and optionally
 * `trustThisDevice`. Returns the refusal code instead for anything else: a body that cannot be read,
 * a missing or non-string code, a code that is not six digits (not counted as a guess: it cannot be
 * right), a non-boolean flag.
 */
export const readCodeRequest = async (
  req: PayloadRequest,
): Promise<BackofficeErrorCode | CodeRequest> => {
  let data: Record<string, unknown>
  try {
    data = await readBody(req)
  } catch (error) {
    if (error instanceof BackofficeError) {
      return error.code
    }
    throw error
  }
  if (typeof data.code !== 'string' && typeof data.code !== 'number') {
    return 'MALFORMED_REQUEST'
  }
  if (data.trustThisDevice !== undefined && typeof data.trustThisDevice !== 'boolean') {
    return 'MALFORMED_REQUEST'
  }
  const code = String(data.code).replace(/\s/g, '')
  if (code.length > 64) {
    return 'MALFORMED_REQUEST'
  }
  if (!new RegExp(`^\\d{${totpParameters.digits}}$`).test(code)) {
    return 'TOTP_CODE_INVALID'
  }
  return { code, trustThisDevice: data.trustThisDevice === true }
}
