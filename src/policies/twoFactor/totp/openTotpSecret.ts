import type { Payload } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { openSecretWithKeys } from '../../../shared/lib/openSecretWithKeys.js'
import { sealSecret } from '../../../shared/lib/secretBox.js'
import { resealSecret } from '../accountState.js'
import { totpSecretKeys } from './secretKey.js'

/**
 * An account's TOTP secret, opened with the current key or an earlier one kept after a rotation
 * (`twoFactor.previousEncryptionKeys`, `previousSecrets`). One opened with an earlier key is sealed
 * again with the current key right away, so once every enrolled account has signed in the earlier
 * key can go. Answers the secret and the sealed value now stored (the new one when the re-seal
 * landed); null when no key opens it.
 */
export const openTotpSecret = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  sealedSecret: string,
): Promise<null | { sealedSecret: string; secret: string }> => {
  const keys = totpSecretKeys(payload, options)
  const opened = openSecretWithKeys(sealedSecret, keys, String(userId))
  if (!opened) {
    return null
  }
  if (opened.keyIndex === 0) {
    return { sealedSecret, secret: opened.plaintext }
  }
  const resealed = sealSecret(opened.plaintext, keys[0]!, String(userId))
  const landed = await resealSecret(payload, options, userId, { from: sealedSecret, to: resealed })
  return { sealedSecret: landed ? resealed : sealedSecret, secret: opened.plaintext }
}
