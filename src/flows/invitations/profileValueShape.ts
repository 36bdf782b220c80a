import type { Field } from 'payload'

const isText = (value: unknown) => typeof value === 'string'
const isId = (value: unknown) =>
  (typeof value === 'string' && value !== '') ||
  (typeof value === 'number' && Number.isInteger(value))
const isObject = (value: unknown) => typeof value === 'object' && value !== null

/** A reference as the field stores it: an id, or `{ relationTo, value }` when it may point at several collections. */
const isReference = (field: Field, value: unknown): boolean => {
  const relationTo = (field as { relationTo?: string | string[] }).relationTo
  if (!Array.isArray(relationTo)) {
    return isId(value)
  }
  const reference = value as { relationTo?: unknown; value?: unknown }
  return (
    isObject(value) &&
    typeof reference.relationTo === 'string' &&
    relationTo.includes(reference.relationTo) &&
    isId(reference.value)
  )
}

const scalarChecks: Record<string, (value: unknown, field: Field) => boolean> = {
  checkbox: (value) => typeof value === 'boolean',
  code: isText,
  date: (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value)),
  email: isText,
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  radio: isText,
  relationship: (value, field) => isReference(field, value),
  // Slate stores a list of nodes, Lexical an object with its root: either way JSON the editor reads.
  richText: (value) => Array.isArray(value) || isObject(value),
  select: isText,
  text: isText,
  textarea: isText,
  upload: (value, field) => isReference(field, value),
}

/**
 * Whether a submitted profile value has the JSON type its field stores (or is empty). Payload's own
 * validation judges the content (options, lengths, required); this only keeps objects and other
 * wrong types from ever reaching the database, where they would fail as a server error. Whether a
 * referenced document may be used is `assertReferencesReadable`'s to say.
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
    return Array.isArray(value) && value.every((item) => check(item, field))
  }
  return check(value, field)
}
