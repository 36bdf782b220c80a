import * as z from 'zod'

/**
 * The body of a recovery-code sign-in: `code` as typed (any case, spaces and dashes), no longer than
 * 64 characters, and optionally `trustThisDevice`. Whether it can be a code at all is
 * `readRecoveryCodeRequest`'s question.
 */
export const recoveryCodeRequest = z.object({
  code: z.string().max(64),
  trustThisDevice: z.boolean().optional(),
})
