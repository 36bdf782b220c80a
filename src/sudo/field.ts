import type { UIField } from 'payload'

/**
 * The "Confirm it's you" section on the account page: a `ui` field, so no column in the database.
 * It renders only on the viewer's own account.
 */
export const confirmPasswordUiField: UIField = {
  name: 'backofficeConfirmPassword',
  type: 'ui',
  admin: {
    components: { Field: 'payload-backoffice/rsc#ConfirmPasswordField' },
    disableListColumn: true,
  },
}
