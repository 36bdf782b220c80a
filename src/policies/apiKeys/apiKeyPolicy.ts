import type { AuthStrategy, Payload } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

/** Strategies already wrapped, so a second `onInit` (tests, hot reload) does not wrap twice. */
const wrapped = new WeakSet<AuthStrategy>()

/**
 * Whether an account Payload found by its API key may be signed in by it, read from the account as
 * stored now: keys must be allowed at all, this key turned on (Payload's strategy looks only at the
 * key's index, so a key stored with `enableAPIKey` off would still work), and the account not
 * suspended. Checked on every request, so a suspension takes effect on the key's very next use.
 */
const acceptsApiKey = (user: Record<string, unknown>, options: SanitizedBackofficeOptions) =>
  options.apiKeys.enabled &&
  user.enableAPIKey === true &&
  (user.security as { status?: unknown } | null | undefined)?.status !== 'suspended'

/**
 * Puts the plugin's policy around Payload's own API key strategy for the users collection: the
 * strategy finds the account, then a refused key authenticates nobody, exactly like an unknown key,
 * and the request goes on anonymous (Payload's later strategies still read a session cookie).
 *
 * Why around Payload's strategy, not beside it: Payload runs the strategies in order until one
 * returns a user and has no way for one to veto another; its API key strategy comes after the
 * collection's own strategies, so an earlier strategy refusing a key could not stop it. Payload
 * builds that strategy at init and keeps it in `payload.authStrategies`, read on every request, so
 * it is replaced there, before any request (from `onInit`). If Payload ever stops building it under
 * this name, init fails rather than leave keys unchecked.
 *
 * No refusal code is sent: an authentication strategy cannot answer a request, and a key that says
 * "suspended" would tell its holder the key itself is right (ASVS 5.0 6.3.8).
 */
export const enforceApiKeyPolicy = (payload: Payload, options: SanitizedBackofficeOptions) => {
  const name = `${options.usersCollection}-api-key`
  const index = payload.authStrategies.findIndex((strategy) => strategy.name === name)
  const payloadStrategy = payload.authStrategies[index]
  if (!payloadStrategy) {
    throw new Error(
      `payload-backoffice: Payload's API key strategy "${name}" was not found, so the plugin cannot ` +
        'check API keys; this version of Payload is not supported with `auth.useAPIKey`.',
    )
  }
  if (wrapped.has(payloadStrategy)) {
    return
  }
  const policed: AuthStrategy = {
    name,
    authenticate: async (args) => {
      const result = await payloadStrategy.authenticate(args)
      return result.user &&
        !acceptsApiKey(result.user as unknown as Record<string, unknown>, options)
        ? { user: null }
        : result
    },
  }
  wrapped.add(policed)
  payload.authStrategies[index] = policed
}
