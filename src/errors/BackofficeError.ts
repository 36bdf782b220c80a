import type { PayloadRequest } from 'payload'

import { APIError } from 'payload'

import type { BackofficeErrorCode, CatalogueEntry } from './catalogue.js'

import { relativeWait } from '../i18n/relativeWait.js'
import { getBackofficeTranslation } from '../i18n/text.js'
import { interpolate } from '../lib/interpolate.js'
import { en } from '../translations/en.js'
import { errorCatalogue } from './catalogue.js'

export type BackofficeErrorVariables = Record<string, number | string>

/** What an answer carries beside the error body: the HTTP extras some refusals need. */
export type BackofficeErrorAnswer = {
  /** `Set-Cookie` values to send with the refusal (a challenge cookie cleared, say). */
  cookies?: string[]
  /** Where the admin should go next, for views that follow a refusal (a new sign-in, say). */
  redirectTo?: string
  /** Seconds until trying again makes sense, sent as `Retry-After` (RFC 9110 §10.2.3). */
  retryAfterSeconds?: number
}

/**
 * An error from the catalogue. It extends Payload's `APIError`, so when thrown inside a Payload
 * operation it reaches the client in Payload's usual shape, `{ errors: [{ name, message, data }] }`,
 * with the stable code in `data.code`. Given a request, the message is in the request's language.
 */
export class BackofficeError extends APIError<
  { code: BackofficeErrorCode } & BackofficeErrorVariables
> {
  readonly answer: BackofficeErrorAnswer
  readonly code: BackofficeErrorCode

  constructor(
    code: BackofficeErrorCode,
    {
      req,
      variables = {},
      ...answer
    }: {
      req?: Pick<PayloadRequest, 'i18n'>
      variables?: BackofficeErrorVariables
    } & BackofficeErrorAnswer = {},
  ) {
    const entry: CatalogueEntry = errorCatalogue[code]
    const { status } = entry
    // A person told "try again later" retries at once, and again: the wait is in the message too.
    const { retryAfterSeconds } = answer
    const [translationKey, text] =
      entry.whenKnownTranslationKey && retryAfterSeconds !== undefined
        ? [
            entry.whenKnownTranslationKey,
            {
              ...variables,
              when: relativeWait(retryAfterSeconds, req?.i18n?.language ?? 'en'),
            },
          ]
        : [entry.translationKey, variables]
    const message = req?.i18n
      ? getBackofficeTranslation(req.i18n)(translationKey, text)
      : interpolate(en[translationKey], text)
    // Server-side failures never show their message to the client (Payload masks non-public errors).
    super(message, status, { code, ...variables }, status < 500)
    this.name = 'BackofficeError'
    this.code = code
    this.answer = answer
  }
}
