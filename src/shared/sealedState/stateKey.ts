import type { Payload } from 'payload'

import { deriveSecretKey } from '../lib/secretBox.js'

const keys = new Map<string, Buffer>()

/**
 * The key that seals the values a browser carries between two requests (an SSO transaction, a
 * password-less passkey challenge): from Payload's secret through HKDF with a label of its own, so it
 * never equals the TOTP key or Payload's JWT key made from the same secret (RFC 5869 §3.2). Derived
 * once per secret and kept in memory.
 */
export const stateKey = (payload: Pick<Payload, 'secret'>): Buffer => {
  let key = keys.get(payload.secret)
  if (!key) {
    key = deriveSecretKey(payload.secret, 'browser-carried-state-v1')
    keys.set(payload.secret, key)
  }
  return key
}
