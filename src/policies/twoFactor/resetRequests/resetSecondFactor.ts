import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { clearSecondFactorGuesses } from '../../lockout/secondFactorGuesses.js'
import { revokeSessions } from '../../sessions/revokeSessions.js'
import { requireSetup, resetToPending } from '../accountState.js'
import { removeAllPasskeys } from '../passkeys/passkeyStore.js'
import { deleteRecoveryCodes } from '../recoveryCodes/store.js'
import { removeAllTrustedDevices } from '../trustedDevices/trustedDevices.js'

/**
 * An approved reset's effects on the account: the lost authenticator stops working (2FA back to
 * pending, set up again at the next sign-in), every passkey is removed (a lost device may hold one,
 * and the request cannot say which), and so do its recovery codes (an account without a second
 * factor has none), no device skips the new second factor, every session opened under the old one
 * ends (ASVS 5.0 7.4.3: sessions end when an authentication factor changes), and wrong codes guessed
 * at the old secret no longer count against the account. `reviewerId` is null when nobody signed in
 * decided it (the break-glass reset, run with server access).
 */
export const resetSecondFactor = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  { reviewerId, userId }: { reviewerId: null | number | string; userId: number | string },
) => {
  const passkeysRemoved = await removeAllPasskeys(req, userId)
  // Without an app but with passkeys, the next sign-in sets up a second factor all the same.
  const wasEnabled =
    (await resetToPending(req, options, userId)) ||
    (passkeysRemoved > 0 && (await requireSetup(req, options, userId)))
  const devicesRemoved = await removeAllTrustedDevices(req, userId)
  const recoveryCodesRemoved = await deleteRecoveryCodes(req, userId)
  await clearSecondFactorGuesses(req, options, userId)
  const sessionsEnded = await revokeSessions(req, {
    reason: 'twoFactorChange',
    revokedBy: reviewerId,
    userId,
  })
  return { devicesRemoved, passkeysRemoved, recoveryCodesRemoved, sessionsEnded, wasEnabled }
}
