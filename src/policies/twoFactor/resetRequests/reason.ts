import type { PayloadRequest } from 'payload'

import * as z from 'zod'

import type { BackofficeErrorCode } from '../../../shared/errors/catalogue.js'

import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { resetRequestLimits } from './constants.js'

type ReasonRefusal = Extract<
  BackofficeErrorCode,
  'RESET_REASON_REQUIRED' | 'RESET_REASON_TOO_LONG' | 'RESET_REASON_TOO_SHORT'
>

/** Code points, not UTF-16 units: an emoji is one character to the person typing it. */
const characters = (text: string) => [...text].length

const refusingWith = (refusal: ReasonRefusal) => ({ abort: true, params: { refusal } })

/**
 * The reason of a reset request, trimmed: required ("Please provide a reason…"), at least
 * `reasonMinLength` and at most `reasonMaxLength` characters, counted after trimming as the widget
 * counts them. Each failure names its refusal (see `resetReasonRefusal`).
 */
export const resetReasonField = z
  .string()
  .trim()
  .refine((reason) => reason !== '', refusingWith('RESET_REASON_REQUIRED'))
  .refine(
    (reason) => characters(reason) >= resetRequestLimits.reasonMinLength,
    refusingWith('RESET_REASON_TOO_SHORT'),
  )
  .refine(
    (reason) => characters(reason) <= resetRequestLimits.reasonMaxLength,
    refusingWith('RESET_REASON_TOO_LONG'),
  )

/** The answer to a `resetReasonField` that failed: missing or not text is a missing reason. */
export const resetReasonRefusal = (
  req: PayloadRequest,
  issue: { params?: Record<string, unknown> },
): BackofficeError => {
  const refusal = (issue.params?.refusal as ReasonRefusal | undefined) ?? 'RESET_REASON_REQUIRED'
  const count =
    refusal === 'RESET_REASON_TOO_SHORT'
      ? resetRequestLimits.reasonMinLength
      : resetRequestLimits.reasonMaxLength
  return new BackofficeError(refusal, {
    req,
    ...(refusal === 'RESET_REASON_REQUIRED' ? {} : { variables: { count: String(count) } }),
  })
}
