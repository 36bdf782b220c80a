import type { CollectionBeforeChangeHook } from 'payload'

import { hashToken } from '../../shared/lib/tokens.js'

/** A SHA-256 in hex: what the column holds once a token is stored. */
const storedHash = /^[0-9a-f]{64}$/

/**
 * Payload's own forgot-password operation (the Local API's `payload.forgotPassword`, say) writes its
 * token into `resetPasswordToken` in plain text through an update. This stores its SHA-256 instead, so
 * the column never holds a usable token, whoever wrote it; the plugin's reset endpoint hashes what it
 * is given and finds it. Only a value that is new in this update is hashed: Payload merges the stored
 * (already hashed) value into every other update of the account.
 */
export const hashResetTokenOnWrite: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  // A reset link belongs to the address it was mailed to: any change of the address, an undo or an
  // administrator's repair included, voids it, so a thief who moved the account to their address and
  // asked for a link there keeps no way back in once the address is put back.
  if (
    data &&
    typeof data.email === 'string' &&
    typeof originalDoc?.email === 'string' &&
    data.email !== originalDoc.email
  ) {
    data.resetPasswordToken = null
    data.resetPasswordExpiration = null
    return data
  }
  const token: unknown = data?.resetPasswordToken
  if (
    typeof token === 'string' &&
    token !== '' &&
    token !== originalDoc?.resetPasswordToken &&
    !storedHash.test(token)
  ) {
    data.resetPasswordToken = hashToken(token)
  }
  return data
}
