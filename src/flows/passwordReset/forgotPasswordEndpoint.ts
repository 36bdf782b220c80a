import type { Endpoint } from 'payload'

import * as z from 'zod'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { requestText } from '../../shared/i18n/text.js'
import { jsonResponse } from '../../shared/request/http.js'
import { isEmailAddress } from './isEmailAddress.js'
import { sendResetInstructions } from './sendResetInstructions.js'

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The address, trimmed and lower-cased as addresses are stored; input no address could be is refused. */
const forgotRequest = z.object({
  email: z.string().trim().toLowerCase().refine(isEmailAddress),
})

/**
 * `POST /api/{users}/forgot-password` with `email`, in place of Payload's own, which answers an
 * unknown address sooner than a known one (it sends no email) and stores the token in plain text.
 *
 * The answer is the same status and body for every well-formed address, and it leaves at the same
 * moment: `lockout.failureResponseMs` after its body was read (ASVS 5.0 6.3.8). The work for the
 * address (see `sendResetInstructions`) runs alongside; if it is not done by then, it finishes after
 * the answer, so neither a slow database nor a slow mail server can tell accounts apart.
 * Only input that no address could produce gets a different answer: 400 EMAIL_INVALID.
 */
export const forgotPasswordEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: forgotRequest,
    handler: async (req, { body: { email } }) => {
      const startedAt = Date.now()

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
    refuseBody: (req) => new BackofficeError('EMAIL_INVALID', { req }),
  })
