import * as z from 'zod'

/**
 * The body of a code submission: `code`, as text or a number, spaces dropped (apps show "123 456"),
 * no longer than 64 characters, and optionally `trustThisDevice`. Whether it is six digits is
 * `readCodeRequest`'s question: the answer to that one waits for the sign-in's challenge.
 */
export const codeRequest = z.object({
  code: z
    .union([z.string(), z.number()])
    .transform((code) => String(code).replace(/\s/g, ''))
    .pipe(z.string().max(64)),
  trustThisDevice: z.boolean().optional(),
})
