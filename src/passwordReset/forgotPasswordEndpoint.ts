import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { backofficeEndpoint } from '../endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../errors/BackofficeError.js'
import { requestText } from '../i18n/text.js'
import { jsonResponse } from '../request/http.js'
import { readBody } from '../request/readBody.js'
import { isEmailAddress } from './isEmailAddress.js'
import { sendResetInstructions } from './sendResetInstructions.js'

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * `POST /api/{users}/forgot-password` with `email`, in place of Payload's own, which answers an
 * unknown address sooner than a known one (it sends no email) and stores the token in plain text.
 *
 * The answer is the same status and body for every well-formed address, and it leaves at the same
 * moment: `lockout.failureResponseMs` after the request arrived (ASVS 5.0 6.3.8). The work for the
 * address (see `sendResetInstructions`) runs alongside; if it is not done by then, it finishes after
 * the answer, so neither a slow database nor a slow mail server can tell accounts apart.
 * Only input that no address could produce gets a different answer: 400 EMAIL_INVALID.
 */
export const forgotPasswordEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const startedAt = Date.now()
      const data = await readBody(req)
      const email = typeof data.email === 'string' ? data.email.trim().toLowerCase() : ''
      if (!isEmailAddress(email)) {
        throw new BackofficeError('EMAIL_INVALID', { req })
      }

      void sendResetInstructions(req, options, email).catch((error: unknown) =>
        req.payload.logger.error({
          err: error,
          msg: 'payload-backoffice: could not handle a forgot-password request',
        }),
      )
      await wait(Math.max(0, startedAt + options.lockout.failureResponseMs - Date.now()))
      return jsonResponse(req, { message: requestText(req, 'forgotPasswordAnswer') })
    },
    method: 'post',
    path: '/forgot-password',
  })
