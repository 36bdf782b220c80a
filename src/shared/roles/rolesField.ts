import type { Field, FieldAccess } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { label } from '../i18n/label.js'
import { isAdmin } from './isAdmin.js'

/** Every role value the options name: the administrator's, then those provisioning and enforcement use. */
const roleValues = (options: SanitizedBackofficeOptions): string[] => {
  const { enforcement } = options.twoFactor
  return [
    ...new Set([
      options.roles.admin,
      ...options.sso.providers.flatMap((provider) => provider.provisioning?.roles ?? []),
      ...(typeof enforcement === 'object' ? enforcement.roles : []),
      ...options.passkeys.requiredForRoles,
    ]),
  ]
}

/**
 * The roles field for an app whose users collection has none: a `select` with `hasMany`, as
 * `isAdmin` reads it. Only administrators set it, on create as on update, so nobody promotes
 * themselves (OWASP ASVS 5.0 8.2.2, and Payload's own field access pattern): a value sent by anyone
 * else is dropped before the hooks run. The first account gets the administrator value from
 * `firstAccountIsAdministrator`, a hook, which field access does not filter.
 */
export const rolesField = (options: SanitizedBackofficeOptions): Field => {
  const onlyAdministrators: FieldAccess = ({ req }) => isAdmin(req.user, options)
  return {
    name: options.roles.field,
    type: 'select',
    access: { create: onlyAdministrators, update: onlyAdministrators },
    hasMany: true,
    label: label('fieldRoles'),
    options: roleValues(options).map((value) => ({
      label: value === options.roles.admin ? label('roleAdministrator') : value,
      value,
    })),
  }
}
