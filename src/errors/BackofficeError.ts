import type { PayloadRequest } from 'payload'

import { APIError } from 'payload'

import type { BackofficeErrorCode } from './catalogue.js'

import { getBackofficeTranslation } from '../i18n/text.js'
import { interpolate } from '../lib/interpolate.js'
import { en } from '../translations/en.js'
import { errorCatalogue } from './catalogue.js'

export type BackofficeErrorVariables = Record<string, number | string>

/**
 * An error from the catalogue. It extends Payload's `APIError`, so when thrown inside a Payload
 * operation it reaches the client in Payload's usual shape, `{ errors: [{ name, message, data }] }`,
 * with the stable code in `data.code`. Given a request, the message is in the request's language.
 */
export class BackofficeError extends APIError<
  { code: BackofficeErrorCode } & BackofficeErrorVariables
> {
  readonly code: BackofficeErrorCode

  constructor(
    code: BackofficeErrorCode,
    {
      req,
      variables = {},
    }: { req?: Pick<PayloadRequest, 'i18n'>; variables?: BackofficeErrorVariables } = {},
  ) {
    const { status, translationKey } = errorCatalogue[code]
    const message = req?.i18n
      ? getBackofficeTranslation(req.i18n)(translationKey, variables)
      : interpolate(en[translationKey], variables)
    // Server-side failures never show their message to the client (Payload masks non-public errors).
    super(message, status, { code, ...variables }, status < 500)
    this.name = 'BackofficeError'
    this.code = code
  }
}
