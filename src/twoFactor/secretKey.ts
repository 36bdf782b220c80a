import type { Payload } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { deriveSecretKey } from '../lib/secretBox.js'

const keys = new Map<string, Buffer>()

/**
 * The key TOTP secrets are sealed with: from `twoFactor.encryptionKey`, else from Payload's secret,
 * through HKDF so it is never the same bytes as anything else made from that material. Derived once
 * per material and kept in memory.
 */
export const totpSecretKey = (payload: Payload, options: SanitizedBackofficeOptions): Buffer => {
  const material = options.twoFactor.encryptionKey ?? payload.secret
  let key = keys.get(material)
  if (!key) {
    key = deriveSecretKey(material)
    keys.set(material, key)
  }
  return key
}
