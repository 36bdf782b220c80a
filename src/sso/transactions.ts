import type { PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import { sqlFor } from '../db/sql.js'
import { createToken, hashToken } from '../lib/tokens.js'
import { ssoTransactionsSlug } from './transactionsCollection.js'

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

const columns = (req: Pick<PayloadRequest, 'payload'>) => {
  const transactions = sqlFor(req.payload, ssoTransactionsSlug)
  const column = transactions.column
  return { column, transactions }
}

/**
 * Stores a transaction for `minutes` and answers the key for the browser's cookie (256 bits; only
 * its hash is stored). Expired transactions of everyone are cleared on the way. Outside any request
 * transaction, on the database's clock.
 */
export const openSsoTransaction = async (
  req: PayloadRequest,
  transaction: SsoTransaction,
  minutes: number,
): Promise<string> => {
  const { column, transactions } = columns(req)
  await transactions.execute(
    sql`DELETE FROM ${transactions.table} WHERE ${column('expiresAt')} <= now()`,
  )
  const { hash, token } = createToken()
  await transactions.execute(
    sql`INSERT INTO ${transactions.table} (${column('keyHash')}, ${column('providerId')}, ${column('issuer')}, ${column('flow')}, ${column('state')}, ${column('nonce')}, ${column('codeVerifier')}, ${column('returnTo')}, ${column('userId')}, ${column('expiresAt')}, ${column('updatedAt')}, ${column('createdAt')})
     VALUES (${hash}, ${transaction.providerId}, ${transaction.issuer}, ${transaction.flow}, ${transaction.state}, ${transaction.nonce}, ${transaction.codeVerifier}, ${transaction.returnTo}, ${transaction.userId}, now() + make_interval(mins => ${minutes}), now(), now())`,
  )
  return token
}

/**
 * Takes the transaction of this cookie key out of the store and answers it, or null when there is
 * none, it expired, or another request took it first: one statement deletes and returns the row, so
 * two callbacks racing with the same cookie cannot both proceed.
 */
export const takeSsoTransaction = async (
  req: PayloadRequest,
  key: string,
): Promise<null | SsoTransaction> => {
  const { column, transactions } = columns(req)
  const [row] = await transactions.execute<{
    code_verifier: string
    expired: boolean
    flow: string
    issuer: string
    nonce: string
    provider_id: string
    return_to: null | string
    state: string
    user_id: null | string
  }>(
    sql`DELETE FROM ${transactions.table} WHERE ${column('keyHash')} = ${hashToken(key)}
     RETURNING ${column('providerId')} AS provider_id, ${column('issuer')} AS issuer, ${column('flow')} AS flow,
       ${column('state')} AS state, ${column('nonce')} AS nonce, ${column('codeVerifier')} AS code_verifier,
       ${column('returnTo')} AS return_to, ${column('userId')} AS user_id, ${column('expiresAt')} <= now() AS expired`,
  )
  if (!row || row.expired) {
    return null
  }
  return {
    codeVerifier: row.code_verifier,
    flow: row.flow,
    issuer: row.issuer,
    nonce: row.nonce,
    providerId: row.provider_id,
    returnTo: row.return_to,
    state: row.state,
    userId: row.user_id,
  }
}
