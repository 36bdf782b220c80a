import type { PayloadRequest } from 'payload'
// Schemas are zod 4: MIT, the most used TypeScript schema library, and already in this repository's
// tree (knip, eslint-plugin-react-hooks). It parses into a new object holding only the declared keys
// and reports each failure with its path, which is what a refusal names. valibot's smaller bundles
// matter in a browser, not on the server where these run; Payload's own validation is per field
// of a collection and has no schema for an endpoint's body.
import type * as z from 'zod'

import type { CatalogueError } from '../errors/CatalogueError.js'

import { BackofficeError } from '../errors/BackofficeError.js'
import { readBody } from '../request/readBody.js'

/**
 * How a declared body's refusal is made: the field's path, as the schema names it, and what was
 * wrong with it (`too_big` for a value over its limit, `invalid_type` for a missing or mistyped one:
 * zod's issue codes), so an endpoint can keep a code of its own for each.
 */
export type BodyRefusal = (
  req: PayloadRequest,
  field: string,
  issue: {
    code: string
    /** What a refinement of the schema set on its failure (`refine(check, { params })`). */
    params?: Record<string, unknown>
  },
) => CatalogueError

/**
 * A field path only ever names the schema's own keys and array positions (unknown keys are
 * dropped, not reported), so no text of the client's comes back; still, anything unexpected
 * becomes `body` rather than reaching the answer.
 */
const fieldOf = (path: readonly PropertyKey[]): string => {
  const parts = path.map((part) =>
    typeof part === 'number' || (typeof part === 'string' && /^[\w-]{1,64}$/.test(part))
      ? String(part)
      : null,
  )
  return parts.length === 0 || parts.includes(null) ? 'body' : parts.join('.')
}

const requestBodyInvalid: BodyRefusal = (req, field) =>
  new BackofficeError('REQUEST_BODY_INVALID', { req, variables: { field } })

/**
 * The request's body read as `readBody` reads it (413 beyond the limit, 400 `MALFORMED_REQUEST` when
 * it is not a JSON object), then checked against the endpoint's schema: the first failing field is
 * refused with 400 (`REQUEST_BODY_INVALID` and its path, or the endpoint's own code), never with the
 * schema library's message, which would show internals. The parsed value is a new object holding
 * only the declared keys, so `__proto__` or `constructor` keys in the JSON reach no handler
 * (OWASP ASVS 5.0 1.5.2, safe deserialisation; 2.2.1, input validated against an allow list).
 */
export const readDeclaredBody = async <Schema extends z.ZodType>(
  req: PayloadRequest,
  schema: Schema,
  { maxBytes, refuse = requestBodyInvalid }: { maxBytes?: number; refuse?: BodyRefusal } = {},
): Promise<z.output<Schema>> => {
  const parsed = await schema.safeParseAsync(await readBody(req, maxBytes ? { maxBytes } : {}))
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    throw refuse(req, fieldOf(issue?.path ?? []), {
      code: issue?.code ?? 'custom',
      ...(issue && 'params' in issue && issue.params ? { params: issue.params } : {}),
    })
  }
  return parsed.data
}
