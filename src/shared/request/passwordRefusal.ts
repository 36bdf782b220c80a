import type { PayloadRequest } from 'payload'

import { BackofficeError } from '../errors/BackofficeError.js'

/**
 * The refusal of a `passwordField`: 413 PAYLOAD_TOO_LARGE when it is over the limit, else (missing,
 * empty, not a string) 400 PASSWORD_REQUIRED, the answers the password forms have always had.
 */
export const passwordRefusal = (req: PayloadRequest, issue: { code: string }): BackofficeError =>
  new BackofficeError(issue.code === 'too_big' ? 'PAYLOAD_TOO_LARGE' : 'PASSWORD_REQUIRED', {
    req,
  })
