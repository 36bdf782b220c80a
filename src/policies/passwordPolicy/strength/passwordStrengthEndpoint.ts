import type { Endpoint } from 'payload'

import { createHmac } from 'node:crypto'
import * as z from 'zod'

import { backofficeEndpoint } from '../../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { clientLimitKey } from '../../../shared/request/clientInfo.js'
import { jsonResponse } from '../../../shared/request/http.js'
import { passwordField } from '../../../shared/request/passwordField.js'
import { sameSite } from '../../../shared/request/sameSite.js'
import { claimWindowSlot } from '../../lockout/claimWindowSlot.js'
import {
  loadStrengthChecker,
  loadStrengthTranslations,
  strengthLanguageOf,
} from './loadStrengthChecker.js'
import { penalisedInputs } from './penalisedInputs.js'
import { strengthChecksSlug } from './strengthChecks.js'

/**
 * The words of the account the password is for (its email, name) as the field knows them: a few
 * short strings, never the account's id, so the endpoint reads nothing stored.
 */
const strengthRequest = z.object({
  password: passwordField,
  userInputs: z.array(z.string().max(254)).max(8).default([]),
})

/**
 * Checks per client address and minute. Typing a password sends one check per pause (the meter
 * waits a moment after each keystroke), a few dozen for a long passphrase retyped; each costs up
 * to half a second of this process's CPU (see `zxcvbnSettings`), so the limit bounds what one
 * client can make it spend (OWASP ASVS 5.0 2.4.1, anti-automation; OWASP API Security Top 10
 * 2023 API4, unrestricted resource consumption). Counted in the database (`claimWindowSlot`, as the
 * per-address sign-in limit), so several app processes hold one limit between them.
 */
export const strengthCheckLimit = { perMinute: 120 } as const

/**
 * `POST /api/{users}/password-strength` with `password` (and the account's `userInputs`): the
 * zxcvbn score the server will judge the password by (all four dictionaries, the same checker as
 * `assertPasswordAllowed`), and zxcvbn's own feedback, why the password is weak and what would
 * help, in the request's language. The meter calls it as the person types instead of downloading
 * the word lists (hundreds of kilobytes) into the browser.
 *
 * Anyone may ask (the reset, invitation and first-user pages have no session), from the app's own
 * pages only (`sameSite`), within `strengthCheckLimit` per client address (counted under a keyed
 * hash of it: the table holds no addresses). The password is read
 * from the body, scored and forgotten: it is never stored, logged or audited, and the answer is
 * not cached (`Cache-Control: no-store`). It says nothing about any account, and the breach check
 * (which asks an outside service) stays at the save, where it is made once.
 */
export const passwordStrengthEndpoint = (): Endpoint =>
  backofficeEndpoint({
    body: strengthRequest,
    handler: async (req, { body: { password, userInputs } }) => {
      // The right-most X-Forwarded-For address, the one the per-client sign-in limit counts.
      const wait = await claimWindowSlot(req.payload, {
        key: createHmac('sha256', req.payload.secret)
          .update(`password-strength:${clientLimitKey(req)}`)
          .digest('hex'),
        limit: strengthCheckLimit.perMinute,
        slug: strengthChecksSlug,
        windowSeconds: 60,
      })
      if (wait > 0) {
        throw new BackofficeError('PASSWORD_STRENGTH_RATE_LIMITED', {
          req,
          retryAfterSeconds: wait,
        })
      }
      const [checker, translations] = await Promise.all([
        loadStrengthChecker(),
        loadStrengthTranslations(strengthLanguageOf(req.i18n.language)),
      ])
      const { feedback, score } = checker(password, penalisedInputs(userInputs))
      return jsonResponse(
        req,
        {
          score,
          suggestions: feedback.suggestions.map((key) => translations.suggestions[key] ?? key),
          warning: feedback.warning ? (translations.warnings[feedback.warning] ?? null) : null,
        },
        new Headers({ 'Cache-Control': 'no-store' }),
      )
    },
    method: 'post',
    path: '/password-strength',
    requires: [sameSite],
  })
