import type { PayloadRequest } from 'payload'

import { randomBytes } from 'node:crypto'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { openState } from '../../../shared/sealedState/openState.js'
import { sealState } from '../../../shared/sealedState/sealState.js'
import { spendState } from '../../../shared/sealedState/spendState.js'
import { passkeySignInCookie, readPasskeySignInCookie } from './signInChallengeCookie.js'

/**
 * A challenge for a password-less sign-in: 32 random bytes (WebAuthn §13.4.3 asks for at least 16),
 * sealed into the browser's cookie for `passkeys.timeoutSeconds` instead of stored. Anyone may ask
 * for one, so asking writes nothing (sealedState/sealState.ts).
 */
export const issueSignInChallenge = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
): { challenge: string; cookie: string } => {
  const challenge = randomBytes(32).toString('base64url')
  const seconds = options.passkeys.timeoutSeconds
  const sealed = sealState(req.payload, 'passkeySignIn', { challenge }, seconds)
  return {
    challenge,
    cookie: passkeySignInCookie(req, options, { maxAgeSeconds: seconds, sealed }),
  }
}

/**
 * Whether `challenge`, named by a response's client data, is the live one this browser's cookie
 * carries, and is used now for the first time: it is recorded as spent (one INSERT against a unique
 * index), so a replayed response, or two racing, verify at most once (WebAuthn §13.4.3).
 */
export const redeemSignInChallenge = async (
  req: PayloadRequest,
  challenge: string,
): Promise<boolean> => {
  const opened = openState(req.payload, 'passkeySignIn', readPasskeySignInCookie(req))
  const carried = (opened?.data as null | undefined | { challenge?: unknown })?.challenge
  if (!opened || typeof carried !== 'string' || carried !== challenge) {
    return false
  }
  return spendState(req.payload, {
    expiresAt: opened.expiresAt,
    id: challenge,
    purpose: 'passkeySignIn',
  })
}
