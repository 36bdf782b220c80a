import type { Payload } from 'payload'

import { sealSecret } from '../lib/secretBox.js'
import { stateKey } from './stateKey.js'

/**
 * What a sealed value is for. Sealed with this as associated data, so a value made for one flow does
 * not open in another (the SSO transaction cookie is no passkey challenge, and the reverse).
 */
export type StatePurpose = 'passkeySignIn' | 'ssoTransaction'

/**
 * Seals `data` for `purpose`, valid for `lifetimeSeconds`, for the browser to carry in an httpOnly
 * cookie instead of a row stored on every anonymous request (as Auth.js keeps state, PKCE verifier
 * and nonce). AES-256-GCM: the browser can neither read it (the PKCE verifier and nonce stay secret,
 * RFC 7636 §7.1) nor change it; the expiry is inside. Nothing is written: a value is recorded only
 * once it is redeemed (spendState.ts), which needs a valid one.
 */
export const sealState = (
  payload: Pick<Payload, 'secret'>,
  purpose: StatePurpose,
  data: unknown,
  lifetimeSeconds: number,
): string =>
  sealSecret(
    JSON.stringify({ data, expiresAt: Math.floor(Date.now() / 1000) + lifetimeSeconds }),
    stateKey(payload),
    purpose,
  )
