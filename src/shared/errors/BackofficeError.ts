import type { PayloadRequest } from 'payload'

import type { BackofficeErrorCode, CatalogueEntry } from './catalogue.js'

import { relativeWait } from '../i18n/relativeWait.js'
import { getBackofficeTranslation } from '../i18n/text.js'
import { interpolate } from '../lib/interpolate.js'
import { en } from '../translations/en.js'
import { errorCatalogue } from './catalogue.js'
import {
  CatalogueError,
  type CatalogueErrorAnswer,
  type CatalogueErrorVariables,
} from './CatalogueError.js'

export type BackofficeErrorVariables = CatalogueErrorVariables

/** What an answer carries beside the error body: the HTTP extras some refusals need. */
export type BackofficeErrorAnswer = CatalogueErrorAnswer

/**
 * An error from the back-office catalogue. When thrown inside a Payload operation it reaches the
 * client in Payload's usual shape, `{ errors: [{ name, message, data }] }`, with the stable code in
 * `data.code`. Given a request, the message is in the request's language.
 */
export class BackofficeError extends CatalogueError<BackofficeErrorCode> {
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
    super(code, { answer, message, status, variables })
  }
}
