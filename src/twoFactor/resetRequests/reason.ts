import type { ResetRequestRefusal } from './transitions.js'

import { resetRequestLimits } from './constants.js'

/**
 * The reason of a reset request, trimmed, or the refusal: required ("Please provide a reason…"),
 * at least `reasonMinLength` and at most `reasonMaxLength` characters, counted after trimming as
 * the widget counts them.
 */
export const readResetReason = (
  value: unknown,
): { reason: string } | { refusal: ResetRequestRefusal } => {
  const reason = typeof value === 'string' ? value.trim() : ''
  if (reason === '') {
    return { refusal: { code: 'RESET_REASON_REQUIRED' } }
  }
  // Code points, not UTF-16 units: an emoji is one character to the person typing it.
  const length = [...reason].length
  if (length < resetRequestLimits.reasonMinLength) {
    return {
      refusal: {
        code: 'RESET_REASON_TOO_SHORT',
        variables: { count: String(resetRequestLimits.reasonMinLength) },
      },
    }
  }
  if (length > resetRequestLimits.reasonMaxLength) {
    return {
      refusal: {
        code: 'RESET_REASON_TOO_LONG',
        variables: { count: String(resetRequestLimits.reasonMaxLength) },
      },
    }
  }
  return { reason }
}
