import type { SanitizedBackofficeOptions } from '../options/types.js'

/**
 * Whether a user holds the administrator role, read from the roles field named in the options
 * (a select with `hasMany`, or a single value).
 */
export const isAdmin = (
  user: unknown,
  { roles }: Pick<SanitizedBackofficeOptions, 'roles'>,
): boolean => {
  if (!user || typeof user !== 'object') {
    return false
  }
  const value = (user as Record<string, unknown>)[roles.field]
  return Array.isArray(value) ? value.includes(roles.admin) : value === roles.admin
}
