import type { Payload } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { payloadSecretOf } from '../../../shared/lib/payloadSecretOf.js'
import { deriveSecretKey } from '../../../shared/lib/secretBox.js'

const keys = new Map<string, Buffer>()

const keyOf = (material: string): Buffer => {
  let key = keys.get(material)
  if (!key) {
    key = deriveSecretKey(material)
    keys.set(material, key)
  }
  return key
}

/**
 * The keys TOTP secrets may be sealed with, the one that seals first: from `twoFactor.encryptionKey`,
 * else from Payload's secret, through HKDF so it is never the same bytes as anything else made from
 * that material. Then the earlier ones, which only open: `previousEncryptionKeys`, and, since a
 * secret sealed before an `encryptionKey` was set was sealed under Payload's secret, that secret and
 * `previousSecrets` (as configured, so made into what Payload derives from them first). Derived
 * once per material and kept in memory.
 */
export const totpSecretKeys = (payload: Payload, options: SanitizedBackofficeOptions): Buffer[] => {
  const current = options.twoFactor.encryptionKey ?? payload.secret
  const earlier = [
    ...options.twoFactor.previousEncryptionKeys,
    payload.secret,
    ...options.previousSecrets.map(payloadSecretOf),
  ]
  return [...new Set([current, ...earlier])].map(keyOf)
}
