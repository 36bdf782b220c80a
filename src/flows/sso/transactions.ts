import type { PayloadRequest } from 'payload'

import { openState } from '../../shared/sealedState/openState.js'
import { sealState } from '../../shared/sealedState/sealState.js'
import { spendState } from '../../shared/sealedState/spendState.js'

/** What a sign-in sent to a provider must find again when it comes back. */
export type SsoTransaction = {
  codeVerifier: string
  flow: string
  issuer: string
  nonce: string
  providerId: string
  returnTo: null | string
  state: string
  /** The signed-in account a `reauth` flow confirms; null otherwise. */
  userId: null | string
}

/**
 * The transaction sealed for the browser's cookie, valid for `minutes`: nothing is stored when a
 * sign-in starts, so anyone may press the button as often as they like without filling a table
 * (sealedState/sealState.ts). The PKCE verifier and nonce inside stay secret from the browser.
 */
export const sealSsoTransaction = (
  req: Pick<PayloadRequest, 'payload'>,
  transaction: SsoTransaction,
  minutes: number,
): string => sealState(req.payload, 'ssoTransaction', transaction, minutes * 60)

const isTransaction = (data: unknown): data is SsoTransaction => {
  const value = data as null | Record<string, unknown>
  return (
    typeof value === 'object' &&
    value !== null &&
    ['codeVerifier', 'flow', 'issuer', 'nonce', 'providerId', 'state'].every(
      (name) => typeof value[name] === 'string',
    ) &&
    (value.returnTo === null || typeof value.returnTo === 'string') &&
    (value.userId === null || typeof value.userId === 'string')
  )
}

/**
 * The transaction of this cookie, redeemed once: `transactionUnknown` when the cookie was changed,
 * sealed for another flow or under another secret, or has expired; `transactionReplayed` when it was
 * redeemed before. Redeeming records its `state` as spent in one INSERT against a unique index, so
 * two callbacks racing with the same cookie cannot both proceed, on any app process.
 */
export const redeemSsoTransaction = async (
  req: Pick<PayloadRequest, 'payload'>,
  sealed: string,
): Promise<
  { refused: 'transactionReplayed' | 'transactionUnknown' } | { transaction: SsoTransaction }
> => {
  const opened = openState(req.payload, 'ssoTransaction', sealed)
  if (!opened || !isTransaction(opened.data)) {
    return { refused: 'transactionUnknown' }
  }
  const transaction = opened.data
  const first = await spendState(req.payload, {
    expiresAt: opened.expiresAt,
    id: transaction.state,
    purpose: 'ssoTransaction',
  })
  return first ? { transaction } : { refused: 'transactionReplayed' }
}
