/** Slug of the collection of the browsers each account has completed a sign-in from. */
export const signInBrowsersSlug = 'sign-in-browsers'

/**
 * Numbers of the new-browser notice.
 * - The "this wasn't me" link lasts 7 days, as the plugin's other owner-report and invitation links:
 *   long enough for a notice read after a week away, and only ever usable to suspend the account
 *   (the safe direction), once (ASVS 5.0 6.4.1 asks for short-lived, single-use tokens sent by email).
 * - A browser unseen for 180 days is forgotten, the lifetime of its cookie (lockout/knownBrowsers.ts):
 *   past it the browser no longer has the cookie that names it.
 */
export const newBrowserNoticeLimits = {
  /** 180 days. */
  forgetAfterDays: 180,
  /** 7 days. */
  reportLinkDays: 7,
} as const
