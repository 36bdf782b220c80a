import type { UIField } from 'payload'

/** Name of the change-password section on the account page: a `ui` field, so no column in the database. */
const changePasswordFieldName = 'backofficeChangePassword'

/** The change-password section; it stores nothing and renders only on the viewer's own account. */
export const changePasswordUiField: UIField = {
  name: changePasswordFieldName,
  type: 'ui',
  admin: {
    components: { Field: 'payload-backoffice/rsc#ChangePasswordField' },
    disableListColumn: true,
  },
}
