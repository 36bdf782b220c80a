import type { FlattenedField } from 'payload'

/**
 * A roles value with the administrator's added: the value itself for a single-valued select, else
 * the list with it appended once (a `hasMany` select, or a field the plugin cannot see).
 */
export const withAdministratorRole = (
  current: unknown,
  field: FlattenedField | undefined,
  admin: string,
): string | unknown[] => {
  if (field && field.type === 'select' && !field.hasMany) {
    return admin
  }
  const held = Array.isArray(current) ? current : current == null ? [] : [current]
  return held.includes(admin) ? held : [...held, admin]
}
