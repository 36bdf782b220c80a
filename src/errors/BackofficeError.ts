import type { PayloadRequest } from 'payload'

import type { BackofficeErrorCode } from './catalogue.js'

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
    const { status, translationKey } = errorCatalogue[code]
    const message = req?.i18n
      ? getBackofficeTranslation(req.i18n)(translationKey, variables)
      : interpolate(en[translationKey], variables)
    super(code, { answer, message, status, variables })
  }
}
