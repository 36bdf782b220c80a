import { openSecret } from './secretBox.js'

/**
 * Opens a value sealed by `sealSecret` with the first of `keys` that authenticates it: the current
 * key first, then earlier ones kept after a rotation. AES-GCM's tag tells a wrong key apart with
 * certainty (NIST SP 800-38D §7.2), so trying each in turn needs no key id in the stored form.
 * `keyIndex` 0 means the current key; anything else asks for the value to be sealed again.
 */
export const openSecretWithKeys = (
  sealed: string,
  keys: readonly Buffer[],
  context: string,
): null | { keyIndex: number; plaintext: string } => {
  for (const [keyIndex, key] of keys.entries()) {
    const plaintext = openSecret(sealed, key, context)
    if (plaintext !== null) {
      return { keyIndex, plaintext }
    }
  }
  return null
}
