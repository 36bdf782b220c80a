import type { PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { SignInAddition, SignInAdditionSource } from '../suspension/signInAdditions.js'

import { sqlFor } from '../../shared/db/sql.js'
import { resetToPending } from './accountState.js'
import { passkeysSlug } from './passkeys/collections.js'
import { recoveryCodesSlug } from './recoveryCodes/collection.js'
import { removeAllTrustedDevices } from './trustedDevices/trustedDevices.js'

type Row = { added_at: string; name: null | string }

const iso = (value: string) => new Date(value).toISOString()

/** The passkeys registered since, the app if it was set up since, recovery codes made since. */
const addedSince = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  since: Date,
): Promise<SignInAddition[]> => {
  const passkeys = sqlFor(req.payload, passkeysSlug)
  const codes = sqlFor(req.payload, recoveryCodesSlug)
  const users = sqlFor(req.payload, options.usersCollection)
  const at = since.toISOString()
  const keys = await passkeys.execute<Row>(
    sql`SELECT ${passkeys.column('createdAt')} AS added_at, ${passkeys.column('name')} AS name
     FROM ${passkeys.table}
     WHERE ${passkeys.column('user')} = ${userId} AND ${passkeys.column('createdAt')} >= ${at}`,
    req,
  )
  const app = await users.execute<Row>(
    sql`SELECT ${users.column('totpConfig_enabledAt')} AS added_at, NULL AS name FROM ${users.table}
     WHERE ${users.column('id')} = ${userId} AND ${users.column('totpConfig_status')} = 'enabled'
       AND ${users.column('totpConfig_enabledAt')} >= ${at}`,
    req,
  )
  // One generation replaces the codes before it, so the newest row dates the codes that work now.
  const generated = await codes.execute<Row>(
    sql`SELECT max(${codes.column('createdAt')}) AS added_at, NULL AS name FROM ${codes.table}
     WHERE ${codes.column('user')} = ${userId}
     HAVING max(${codes.column('createdAt')}) >= ${at}`,
    req,
  )
  return [
    ...keys.map((row) => ({
      addedAt: iso(row.added_at),
      kind: 'passkey' as const,
      name: row.name ?? '',
    })),
    ...app.map((row) => ({
      addedAt: iso(row.added_at),
      kind: 'authenticatorApp' as const,
      name: '',
    })),
    ...generated.map((row) => ({
      addedAt: iso(row.added_at),
      kind: 'recoveryCodes' as const,
      name: '',
    })),
  ]
}

/**
 * Removes them: the passkeys registered since; the app set up since (back to pending, so the next
 * sign-in sets one up again); and every recovery code once codes were made since, since those are
 * the only ones that work.
 */
const removeSince = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  since: Date,
) => {
  const passkeys = sqlFor(req.payload, passkeysSlug)
  const codes = sqlFor(req.payload, recoveryCodesSlug)
  const users = sqlFor(req.payload, options.usersCollection)
  const at = since.toISOString()
  await passkeys.execute(
    sql`DELETE FROM ${passkeys.table}
     WHERE ${passkeys.column('user')} = ${userId} AND ${passkeys.column('createdAt')} >= ${at}`,
    req,
  )
  const [app] = await users.execute(
    sql`SELECT 1 FROM ${users.table} WHERE ${users.column('id')} = ${userId}
       AND ${users.column('totpConfig_status')} = 'enabled' AND ${users.column('totpConfig_enabledAt')} >= ${at}`,
    req,
  )
  if (app) {
    await resetToPending(req, options, userId)
  }
  await codes.execute(
    sql`DELETE FROM ${codes.table} WHERE ${codes.column('user')} = ${userId}
       AND EXISTS (SELECT 1 FROM ${codes.table} WHERE ${codes.column('user')} = ${userId}
                   AND ${codes.column('createdAt')} >= ${at})`,
    req,
  )
}

/**
 * Two-factor's ways in, for the recovery paths (suspension/evictIntruder.ts): passkeys, the app and
 * recovery codes are held for an administrator's review; trusted devices are forgotten at once.
 */
export const twoFactorAdditions: SignInAdditionSource = {
  addedSince,
  forgetAtEviction: removeAllTrustedDevices,
  removeSince,
}
