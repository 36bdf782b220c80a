/** Slug of the collection holding 2FA reset requests. */
export const resetRequestsSlug = 'two-factor-reset-requests'

/**
 * Numbers of the reset-request flow. The spec fixes the upper bound of the reason (500 characters,
 * the widget's textarea limit) and the validity (7 days, "1 week"); it leaves the server minimum open:
 * 10 characters asks for a sentence a reviewer can judge, not "x".
 */
export const resetRequestLimits = {
  /** The reviewer's comment, emailed to the requester: room for an explanation, not a document. */
  commentMaxLength: 1000,
  reasonMaxLength: 500,
  reasonMinLength: 10,
  /** 7 days, 604 800 000 ms (spec §9). */
  validityMs: 7 * 24 * 60 * 60 * 1000,
} as const
