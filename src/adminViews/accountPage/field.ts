import type { UIField } from 'payload'

/**
 * The account page's sign-in and security sections, one `ui` field (no column in the database) after
 * the collection's own fields, so none of them splits the app's fields (email, name, roles).
 */
export const accountSecurityUiField: UIField = {
  name: 'backofficeAccountSecurity',
  type: 'ui',
  admin: {
    components: { Field: 'payload-backoffice/rsc#AccountSecurityField' },
    disableListColumn: true,
  },
}
