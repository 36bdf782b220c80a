import type { Config, Field, FieldAccess } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { description } from '../../shared/i18n/direction.js'
import { label } from '../../shared/i18n/label.js'
import { translatedGroup } from '../../shared/i18n/translatedGroup.js'
import { isAdmin } from '../../shared/roles/isAdmin.js'

/**
 * Each account's one sign-in method: `local` (email and password) or a provider's id. Only
 * administrators read and set it (REST and GraphQL included, on create, as when inviting, and on
 * update); the admin shows it as a choice of the configured methods.
 */
export const signInMethodField = (config: Config, options: SanitizedBackofficeOptions): Field => {
  const administratorsOnly: FieldAccess = ({ req }) => isAdmin(req.user, options)
  const methods = [
    { label: translatedGroup(config, 'signInMethodPassword'), value: 'local' },
    ...options.sso.providers.map((provider) => ({ label: provider.label, value: provider.id })),
  ]
  return {
    name: 'identityProvider',
    type: 'text',
    access: { create: administratorsOnly, read: administratorsOnly, update: administratorsOnly },
    admin: {
      components: {
        // The list shows the method's name, as the form does, never its stored id.
        Cell: { clientProps: { methods }, path: 'payload-backoffice/client#SignInMethodCell' },
        Field: { clientProps: { methods }, path: 'payload-backoffice/client#SignInMethodField' },
      },
      description: description('fieldIdentityProviderDescription'),
      position: 'sidebar',
    },
    defaultValue: 'local',
    index: true,
    label: label('fieldIdentityProvider'),
  }
}
