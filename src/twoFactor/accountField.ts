import type { UIField } from 'payload'

/** Name of the two-factor section on the account page: a `ui` field, so no column in the database. */
const twoFactorFieldName = 'backofficeTwoFactor'

/** The two-factor section; it stores nothing and renders only on the viewer's own account. */
export const twoFactorUiField: UIField = {
  name: twoFactorFieldName,
  type: 'ui',
  admin: {
    components: { Field: 'payload-backoffice/rsc#TwoFactorField' },
    disableListColumn: true,
  },
}
