import type { Config, UIField } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { BackofficeTranslationKey } from '../../shared/translations/types.js'

import { translatedGroup } from '../../shared/i18n/translatedGroup.js'

/** The list's triage columns: `ui` fields, so no database column; their values come from `addAccountFacts`. */
export const secondFactorColumn = 'backofficeSecondFactor'
export const lastSignInColumn = 'backofficeLastSignIn'
const accountStatusColumn = 'backofficeAccountStatus'

const column = (
  config: Config,
  name: string,
  key: BackofficeTranslationKey,
  Cell: string,
  clientProps: Record<string, unknown> = {},
): UIField => ({
  name,
  type: 'ui',
  admin: {
    components: { Cell: { clientProps, path: `payload-backoffice/client#${Cell}` } },
    disableBulkEdit: true,
  },
  // A `ui` field's label is static: each language's text, as the admin's language picks it.
  label: translatedGroup(config, key),
})

/** The account list's columns: second factor, last sign-in, status (active, locked until …, suspended). */
export const triageColumns = (config: Config, options: SanitizedBackofficeOptions): UIField[] => [
  column(config, secondFactorColumn, 'columnSecondFactor', 'SecondFactorCell', {
    enabled: options.enabled,
  }),
  column(config, lastSignInColumn, 'columnLastSignIn', 'LastSignInCell', {
    enabled: options.enabled,
  }),
  column(config, accountStatusColumn, 'columnAccountStatus', 'AccountStatusCell', {
    enabled: options.enabled,
  }),
]

/** The account security panel at the top of a user's page, for administrators. */
export const securityPanelField = (): UIField => ({
  name: 'backofficeSecurityPanel',
  type: 'ui',
  admin: {
    components: {
      Field: 'payload-backoffice/rsc#AccountSecurityPanelField',
    },
    disableListColumn: true,
  },
})

/**
 * The users list's default columns, for administrators triaging accounts: the app's own, then the
 * sign-in method and the three columns above. An app without any gets email, name (when it has one)
 * and roles (when it has them) first.
 */
export const triageDefaultColumns = (collection: {
  admin?: { defaultColumns?: string[] }
  fields: object[]
}): string[] => {
  const names = new Set(collection.fields.map((field) => (field as { name?: string }).name))
  const own =
    collection.admin?.defaultColumns ??
    ['email', 'name', 'roles'].filter((name) => name === 'email' || names.has(name))
  const added = ['identityProvider', secondFactorColumn, lastSignInColumn, accountStatusColumn]
  return [...own, ...added.filter((name) => !own.includes(name))]
}
