import type { Payload } from 'payload'

import type { StatePurpose } from './sealState.js'

import { openSecret } from '../lib/secretBox.js'
import { stateKey } from './stateKey.js'

/** Longer than any value this plugin seals; anything longer was not made here. */
const MAX_SEALED_LENGTH = 4096

/**
 * The data `sealState` sealed for this `purpose`, with its expiry, or null when the value is
 * malformed, was changed, was sealed for another purpose or under another secret, or has expired.
 * Being valid does not make it unused: the caller redeems it with `spendState`.
 */
export const openState = (
  payload: Pick<Payload, 'secret'>,
  purpose: StatePurpose,
  sealed: unknown,
): null | { data: unknown; expiresAt: Date } => {
  if (typeof sealed !== 'string' || sealed.length > MAX_SEALED_LENGTH) {
    return null
  }
  const text = openSecret(sealed, stateKey(payload), purpose)
  if (text === null) {
    return null
  }
  try {
    const { data, expiresAt } = JSON.parse(text) as { data?: unknown; expiresAt?: unknown }
    if (typeof expiresAt !== 'number' || expiresAt * 1000 <= Date.now()) {
      return null
    }
    return { data, expiresAt: new Date(expiresAt * 1000) }
  } catch {
    return null
  }
}
