import { generate, generateSecret, generateURI, verify } from 'otplib'

import { totpParameters } from '../constants.js'

/** otplib's settings for every call: the fixed parameters, stated rather than left to its defaults. */
const settings = {
  algorithm: 'sha1',
  digits: totpParameters.digits,
  period: totpParameters.periodSeconds,
} as const

/** A new secret: `secretBytes` (160 bits) from the CSPRNG, base32 (ASVS 5.0 6.5.3). */
export const generateTotpSecret = (): string =>
  generateSecret({ length: totpParameters.secretBytes })

/** The time step (RFC 6238 `T`) a moment falls in. */
export const timeStepAt = (epochMs: number): number =>
  Math.floor(epochMs / 1000 / totpParameters.periodSeconds)

/** The code an authenticator app shows for `secret` at `epochMs`. */
export const totpCode = (secret: string, epochMs: number): Promise<string> =>
  generate({ ...settings, epoch: Math.floor(epochMs / 1000), secret })

export type TotpVerification = { timeStep: number; valid: true } | { valid: false }

/**
 * Checks a code against the steps within `window` of now (RFC 6238 §5.2: one step either side allows
 * for clock drift and typing time); otplib compares in constant time. The matching step is returned
 * so that the caller accepts each step only once per account: that check is made atomically in the
 * database (see accountState.ts), never from a value read earlier.
 */
export const verifyTotp = async (
  secret: string,
  code: string,
  epochMs: number,
): Promise<TotpVerification> => {
  if (!new RegExp(`^\\d{${totpParameters.digits}}$`).test(code)) {
    return { valid: false }
  }
  const result = await verify({
    ...settings,
    epoch: Math.floor(epochMs / 1000),
    epochTolerance: totpParameters.window * totpParameters.periodSeconds,
    secret,
    token: code,
  })
  return result.valid && 'timeStep' in result
    ? { timeStep: result.timeStep, valid: true }
    : { valid: false }
}

/** The `otpauth://` URI authenticator apps read from the QR code, with every parameter stated. */
export const otpauthUri = ({
  accountName,
  issuer,
  secret,
}: {
  accountName: string
  issuer: string
  secret: string
}): string => generateURI({ ...settings, issuer, label: accountName, secret })
