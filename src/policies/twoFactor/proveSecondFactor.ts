import type { PayloadRequest } from 'payload'

import * as z from 'zod'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { claimSecondFactorGuess, clearSecondFactorGuesses } from '../lockout/secondFactorGuesses.js'
import { claimTimeStep, readTotpState } from './accountState.js'
import { normaliseRecoveryCode } from './lib/recoveryCodes.js'
import { verifyTotp } from './lib/totp.js'
import { claimRecoveryCode, findRecoveryCode } from './recoveryCodes/store.js'
import { openTotpSecret } from './totp/openTotpSecret.js'

/**
 * A signed-in person's proof of their second factor, for a change to it or for sudo mode: `code`,
 * the app's current code (spaces dropped), or `recoveryCode` as typed. Each at most 64 characters.
 */
export const secondFactorProof = z.object({
  code: z
    .union([z.string(), z.number()])
    .transform((code) => String(code).replace(/\s/g, ''))
    .pipe(z.string().max(64))
    .optional(),
  recoveryCode: z.string().max(64).optional(),
})

export type SecondFactorProof = z.output<typeof secondFactorProof>

/**
 * Checks a signed-in account's second factor now: the app's current code, accepted once per time
 * step (RFC 6238 §5.2), or one of its recovery codes, used up by the check. Replacing or turning off
 * the app asks for it besides sudo mode (GitHub asks for a current code too): a stolen session and a
 * password seen over a shoulder must not be enough to take the second factor away. Every guess is
 * counted in the account's second-factor budget first (lockout/secondFactorGuesses.ts), the same one
 * the sign-in's code prompt draws on, so this is no side door for guessing codes; a right code clears
 * it. Answers which factor it was; refuses with the catalogue code the code prompt gives.
 */
export const proveSecondFactor = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  account: { id: number | string },
  proof: SecondFactorProof,
  stage: 'removeApp' | 'replaceApp' | 'sudo',
): Promise<'recoveryCode' | 'totp'> => {
  const recoveryCode = proof.recoveryCode === undefined ? null : proof.recoveryCode
  if (proof.code === undefined && recoveryCode === null) {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
  const refuse = async (
    factor: 'recoveryCode' | 'totp',
    code: 'RECOVERY_CODE_INVALID' | 'TOTP_CODE_INVALID',
  ) => {
    await recordAuditEvent(req, {
      actor: account,
      data: { factor, reason: 'wrongCode', stage },
      event: 'twoFactor.challengeFailed',
      user: account,
    })
    return new BackofficeError(code, { req })
  }
  if (recoveryCode !== null) {
    const canonical = normaliseRecoveryCode(recoveryCode)
    if (!canonical) {
      throw new BackofficeError('RECOVERY_CODE_INVALID', { req })
    }
    if ((await claimSecondFactorGuess(req.payload, options, account.id)) === null) {
      throw new BackofficeError('TOTP_RATE_LIMITED', { req })
    }
    const found = await findRecoveryCode(req.payload, options, account.id, canonical)
    if (!found || !(await claimRecoveryCode(req.payload, found.id))) {
      throw await refuse('recoveryCode', 'RECOVERY_CODE_INVALID')
    }
    await recordAuditEvent(req, {
      actor: account,
      data: { stage },
      event: 'twoFactor.recoveryCodeUsed',
      user: account,
    })
    await clearSecondFactorGuesses(req, options, account.id)
    return 'recoveryCode'
  }
  const code = proof.code ?? ''
  const state = await readTotpState(req.payload, options, account.id)
  if (state?.status !== 'enabled' || !state.sealedSecret) {
    throw new BackofficeError('TOTP_NOT_ENABLED', { req })
  }
  const opened = await openTotpSecret(req.payload, options, account.id, state.sealedSecret)
  if (!opened) {
    throw new BackofficeError('TWO_FACTOR_SECRET_UNREADABLE', { req })
  }
  if ((await claimSecondFactorGuess(req.payload, options, account.id)) === null) {
    throw new BackofficeError('TOTP_RATE_LIMITED', { req })
  }
  const verification = await verifyTotp(opened.secret, code, Date.now())
  if (
    !verification.valid ||
    !(await claimTimeStep(req.payload, options, account.id, verification.timeStep))
  ) {
    throw await refuse('totp', 'TOTP_CODE_INVALID')
  }
  await clearSecondFactorGuesses(req, options, account.id)
  return 'totp'
}
