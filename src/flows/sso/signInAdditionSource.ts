import type { PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type {
  SignInAddition,
  SignInAdditionSource,
} from '../../policies/suspension/signInAdditions.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { sqlFor } from '../../shared/db/sql.js'

type Row = { added_at: string; name: null | string; provider_id: null | string }

const linkedSince = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  since: Date,
) => {
  const identities = sqlFor(req.payload, options.sso.accountsSlug)
  return identities.execute<Row>(
    sql`SELECT ${identities.column('createdAt')} AS added_at, ${identities.column('issuerName')} AS name,
       ${identities.column('providerId')} AS provider_id
     FROM ${identities.table}
     WHERE ${identities.column('user')} = ${userId}
       AND ${identities.column('createdAt')} >= ${since.toISOString()}`,
    req,
  )
}

/**
 * Single sign-on's way in, for the recovery paths (suspension/evictIntruder.ts): an identity at a
 * provider linked since. Whoever linked it signs in as the account with that identity alone, and the
 * link flow voided the password, so removing it also gives the account back its password sign-in
 * (a password nobody knows until its owner resets it).
 */
export const ssoAdditions: SignInAdditionSource = {
  addedSince: async (req, options, userId, since): Promise<SignInAddition[]> =>
    (await linkedSince(req, options, userId, since)).map((row) => ({
      addedAt: new Date(row.added_at).toISOString(),
      kind: 'linkedIdentity',
      name: row.name ?? row.provider_id ?? '',
    })),
  removeSince: async (req, options, userId, since) => {
    const linked = await linkedSince(req, options, userId, since)
    if (linked.length === 0) {
      return
    }
    const identities = sqlFor(req.payload, options.sso.accountsSlug)
    await identities.execute(
      sql`DELETE FROM ${identities.table} WHERE ${identities.column('user')} = ${userId}
         AND ${identities.column('createdAt')} >= ${since.toISOString()}`,
      req,
    )
    const users = sqlFor(req.payload, options.usersCollection)
    const providers = linked.map((row) => row.provider_id).filter((id): id is string => !!id)
    for (const provider of providers) {
      await users.execute(
        sql`UPDATE ${users.table} SET ${users.column('identityProvider')} = 'local'
         WHERE ${users.column('id')} = ${userId} AND ${users.column('identityProvider')} = ${provider}`,
        req,
      )
    }
  },
}
