import type { Field } from 'payload'

const scalarChecks: Record<string, (value: unknown) => boolean> = {
  checkbox: (value) => typeof value === 'boolean',
  date: (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value)),
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  radio: (value) => typeof value === 'string',
  select: (value) => typeof value === 'string',
  text: (value) => typeof value === 'string',
  textarea: (value) => typeof value === 'string',
}

/**
 * Whether a submitted profile value has the JSON type its field stores (or is empty). Payload's own
 * validation judges the content (options, lengths, required); this only keeps objects and other
 * wrong types from ever reaching the database, where they would fail as a server error.
 */
export const hasProfileValueShape = (field: Field, value: unknown): boolean => {
  if (value === null || value === undefined) {
    return true
  }
  const check = scalarChecks[field.type]
  if (!check) {
    return false
  }
  if ((field as { hasMany?: boolean }).hasMany) {
    return Array.isArray(value) && value.every(check)
  }
  return check(value)
}
