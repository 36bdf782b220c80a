import type { BackofficeErrorCode } from '../../shared/errors/catalogue.js'

import { BackofficeError } from '../../shared/errors/BackofficeError.js'

/**
 * A single sign-on that ends on the login page: the catalogue code the page shows, the provider ids
 * its message names, and the reason the audit log records (never shown to the browser).
 */
export class SsoRefusal extends BackofficeError {
  readonly expected: null | string
  readonly reason: string

  constructor(
    code: BackofficeErrorCode,
    reason: string,
    { expected = null }: { expected?: null | string } = {},
  ) {
    super(code)
    this.reason = reason
    this.expected = expected
  }
}
