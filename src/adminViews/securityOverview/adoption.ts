import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { RolesSource } from './rolesSource.js'

import { passkeysSlug } from '../../policies/twoFactor/passkeys/collections.js'
import { sqlFor } from '../../shared/db/sql.js'
import { usersTable } from './usersTable.js'

/** Accounts of one group (all, or one role) by second factor and by sign-in method. */
export type AdoptionRow = {
  accounts: number
  /** An authenticator app turned on. */
  app: number
  /** By sign-in method: `local` (password) or a provider's id. */
  methods: Record<string, number>
  /** Neither an app nor (with passkeys on) a passkey. */
  none: number
  /** At least one passkey. */
  passkey: number
}

export type Adoption = {
  all: AdoptionRow
  byRole: { role: string; row: AdoptionRow }[]
  /** `local` first, then the configured providers, then any other found on accounts. */
  methods: string[]
  /** Accounts a rule covers that are not set up for it yet; null where no such rule is set. */
  rules: {
    passkeys: null | { missing: number; roles: string[] }
    /** `roles` null: two-factor is required of everyone. */
    twoFactor: null | { missing: number; roles: null | string[] }
  }
}

const emptyRow = (): AdoptionRow => ({ accounts: 0, app: 0, methods: {}, none: 0, passkey: 0 })

type FactRow = {
  app: boolean
  method: string
  n: number | string
  passkey: boolean
  role: null | string
}

/**
 * Second factors and sign-in methods of every account, overall and per role, and who the
 * enforcement rules (`twoFactor.enforcement`, `passkeys.requiredForRoles`) cover without their
 * factor yet. Two statements over one fact per account: the users table is small (thousands of
 * rows) and read once each; passkeys are joined by their indexed `user`.
 */
export const adoption = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  roles: null | RolesSource,
): Promise<Adoption> => {
  const users = usersTable(payload, options)
  const passkeys = sqlFor(payload, passkeysSlug)
  const id = sql`${users.table}.${users.column('id')}`
  const provider = users.column('identityProvider')
  const passkeyUser = passkeys.column('user')
  const facts = sql`facts AS (
    SELECT ${id} AS account,
      CASE WHEN ${provider} IS NULL OR ${provider} IN ('local', '') THEN 'local' ELSE ${provider} END AS method,
      COALESCE(${users.column('totpConfig_status')} = 'enabled', false) AS app,
      (keyed.owner IS NOT NULL) AS passkey
    FROM ${users.table}
    LEFT JOIN (SELECT DISTINCT ${passkeyUser} AS owner FROM ${passkeys.table}) keyed ON keyed.owner = ${id}
    WHERE ${users.notTrashed}
  )`
  const byRole = roles
    ? sql`UNION ALL SELECT r.role, f.method, f.app, f.passkey, count(*) AS n
       FROM facts f JOIN (${roles.rows}) r ON r.account = f.account GROUP BY 1, 2, 3, 4`
    : sql``
  const rows = await users.execute<FactRow>(
    sql`WITH ${facts}
     SELECT NULL::text AS role, method, app, passkey, count(*) AS n FROM facts GROUP BY 2, 3, 4
     ${byRole}`,
  )
  const passkeysCount = options.passkeys.enabled
  const all = emptyRow()
  const perRole = new Map<string, AdoptionRow>()
  const found = new Set<string>()
  for (const fact of rows) {
    const row =
      fact.role === null
        ? all
        : (perRole.get(fact.role) ?? perRole.set(fact.role, emptyRow()).get(fact.role)!)
    const n = Number(fact.n)
    row.accounts += n
    row.app += fact.app ? n : 0
    row.passkey += fact.passkey ? n : 0
    row.none += !fact.app && !(passkeysCount && fact.passkey) ? n : 0
    row.methods[fact.method] = (row.methods[fact.method] ?? 0) + n
    found.add(fact.method)
  }

  const { enforcement } = options.twoFactor
  const twoFactorRoles =
    enforcement === 'optional' ? undefined : enforcement === 'required' ? null : enforcement.roles
  const passkeyRoles =
    options.passkeys.enabled && options.passkeys.requiredForRoles.length > 0
      ? options.passkeys.requiredForRoles
      : undefined
  const covered = (held: null | string[]) =>
    held === null
      ? sql`TRUE`
      : roles && held.length > 0
        ? roles.holding(sql`account`, held)
        : sql`FALSE`
  const [missing] = await users.execute<{ passkeys: number | string; twoFactor: number | string }>(
    sql`WITH ${facts}
     SELECT
       count(*) FILTER (WHERE ${twoFactorRoles === undefined ? sql`FALSE` : covered(twoFactorRoles)}
         AND NOT app AND NOT (${passkeysCount} AND passkey)) AS "twoFactor",
       count(*) FILTER (WHERE ${passkeyRoles === undefined ? sql`FALSE` : covered(passkeyRoles)}
         AND NOT passkey) AS passkeys
     FROM facts`,
  )
  const configured = options.sso.providers.map((p) => p.id)
  return {
    all,
    byRole: (roles?.roles ?? []).map((role) => ({ role, row: perRole.get(role) ?? emptyRow() })),
    methods: [...new Set(['local', ...configured, ...[...found].sort()])],
    rules: {
      passkeys:
        passkeyRoles === undefined
          ? null
          : { missing: Number(missing?.passkeys ?? 0), roles: passkeyRoles },
      twoFactor:
        twoFactorRoles === undefined
          ? null
          : { missing: Number(missing?.twoFactor ?? 0), roles: twoFactorRoles },
    },
  }
}
