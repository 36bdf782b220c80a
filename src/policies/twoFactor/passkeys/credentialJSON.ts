import * as z from 'zod'

/**
 * A WebAuthn credential as the browser's `PublicKeyCredential.toJSON()` sends it (WebAuthn Level 3
 * §5.1.8): an id in base64url, the type `public-key` and a `response` object. Only this outline is
 * checked here; its members are for the verification (@simplewebauthn/server) to judge, so every
 * other key is kept as sent.
 */
export const credentialJSON = z.looseObject({
  id: z.string().regex(/^[\w-]{1,1366}$/),
  type: z.literal('public-key'),
  response: z.looseObject({}),
})
