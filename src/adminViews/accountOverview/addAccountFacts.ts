import type { CollectionAfterOperationHook } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { isAdmin } from '../../shared/roles/isAdmin.js'
import { accountFactsOf } from './accountFacts.js'
import { lastSignInColumn, secondFactorColumn } from './fields.js'

/** What the second-factor column shows of an account. */
export type SecondFactorSummary = { app: boolean; passkeys: number }

type Doc = {
  [key: string]: unknown
  id: number | string
  totpConfig?: { status?: null | string } | null
}

/**
 * For an administrator's list of accounts (the admin's list view, or REST and GraphQL `find`), each
 * account's last sign-in and second factors, read for the whole page at once: one `afterRead` per
 * account would run a query per row. Others get nothing more: the values are administrators' alone.
 */
export const addAccountFacts =
  (options: SanitizedBackofficeOptions): CollectionAfterOperationHook =>
  async ({ operation, req, result }) => {
    if (operation !== 'find' || !isAdmin(req.user, options)) {
      return result
    }
    const docs = (result as { docs?: Doc[] }).docs ?? []
    const facts = await accountFactsOf(
      req.payload,
      options,
      docs.map((doc) => doc.id).filter((id) => id !== undefined && id !== null),
    )
    for (const doc of docs) {
      const fact = facts.get(String(doc.id))
      doc[lastSignInColumn] = fact?.lastSignInAt ?? null
      doc[secondFactorColumn] = {
        app: doc.totpConfig?.status === 'enabled',
        passkeys: fact?.passkeys ?? 0,
      } satisfies SecondFactorSummary
    }
    return result
  }
