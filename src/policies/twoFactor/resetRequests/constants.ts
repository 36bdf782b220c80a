import { DAY_MS } from '../../../shared/lib/durations.js'

/** Slug of the collection holding 2FA reset requests. */
export const resetRequestsSlug = 'two-factor-reset-requests'

/**
 * Numbers of the reset-request flow. The upper bound of the reason is (500 characters,
 * the widget's textarea limit) and the validity is 7 days, the "1 week" the UI says; for the server minimum,
 * 10 characters asks for a sentence a reviewer can judge, not "x".
 */
export const resetRequestLimits = {
  /** The reviewer's comment, emailed to the requester: room for an explanation, not a document. */
  commentMaxLength: 1000,
  reasonMaxLength: 500,
  reasonMinLength: 10,
  /** 7 days, 604 800 000 ms. */
  validityMs: 7 * DAY_MS,
} as const
