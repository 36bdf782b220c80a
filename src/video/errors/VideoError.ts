import type { PayloadRequest } from 'payload'

import type { VideoErrorCode } from './videoErrorCatalogue.js'

import { CatalogueError, type CatalogueErrorVariables } from '../../shared/errors/CatalogueError.js'
import { interpolate } from '../../shared/lib/interpolate.js'
import { en } from '../translations/en.js'
import { videoTranslationNamespace } from '../translations/index.js'
import { videoErrorCatalogue } from './videoErrorCatalogue.js'

/**
 * A refusal of the video plugin's catalogue. Given a request, its message is in the request's
 * language (Payload's `t` reads the `video` namespace the plugin merged into the config), else
 * English. Answered like every catalogue error: `{ errors: [{ name, message, data: { code } }] }`.
 */
export class VideoError extends CatalogueError<VideoErrorCode> {
  constructor(
    code: VideoErrorCode,
    {
      req,
      variables = {},
    }: { req?: Pick<PayloadRequest, 'i18n'>; variables?: CatalogueErrorVariables } = {},
  ) {
    const { status, translationKey } = videoErrorCatalogue[code]
    const message = req?.i18n
      ? (req.i18n.t as (key: string, variables: Record<string, unknown>) => string)(
          `${videoTranslationNamespace}:${translationKey}`,
          variables,
        )
      : interpolate(en[translationKey], variables)
    super(code, { message, status, variables })
  }
}
