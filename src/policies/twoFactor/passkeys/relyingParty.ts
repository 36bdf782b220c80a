import type { Payload } from 'payload'

import { createHmac } from 'node:crypto'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { totpIssuer } from '../issuer.js'

export type RelyingParty = {
  /** Every origin a response may come from: `serverURL`'s, then the `origins` option's. */
  origins: string[]
  /** The domain passkeys are bound to (WebAuthn §5.1.3): `rpId`, else `serverURL`'s host. */
  rpId: string
  /** The name an authenticator shows next to the account: the same as authenticator apps show. */
  rpName: string
}

/**
 * The relying party, from the config: `null` when `serverURL` is not set or names an IP address, which
 * WebAuthn does not accept as a relying-party id, and no `rpId` was given. Passkeys are then not
 * offered (the account page says why).
 */
export const relyingParty = (
  payload: Payload,
  options: SanitizedBackofficeOptions,
): null | RelyingParty => {
  let origin: null | URL = null
  try {
    origin = payload.config.serverURL ? new URL(payload.config.serverURL) : null
  } catch {
    origin = null
  }
  const host = origin?.hostname ?? null
  const rpId =
    options.passkeys.rpId ?? (host && !/^[\d.]+$|^\[/.test(host) ? host.toLowerCase() : null)
  if (!rpId) {
    return null
  }
  const origins = [...(origin ? [origin.origin] : []), ...options.passkeys.origins]
  return {
    origins: [...new Set(origins)],
    rpId,
    rpName: totpIssuer(payload.config, options),
  }
}

/**
 * The user handle of an account's passkeys (WebAuthn §14.6.1: opaque, no personal data, at most 64
 * bytes): an HMAC of the account id under a key derived from Payload's secret, so it is stable across
 * registrations (one account, one handle on each authenticator) and tells an outsider nothing. Each
 * passkey stores the handle it was made with, so a rotated secret does not orphan it.
 */
export const userHandleOf = (payload: Payload, userId: number | string): string =>
  createHmac('sha256', payload.secret)
    .update(`payload-backoffice:passkey-user-handle:${String(userId)}`)
    .digest('base64url')
