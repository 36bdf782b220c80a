import type { FlattenedField, Where } from 'payload'

/** The id type of a collection (Payload's `number` for serial ids on PostgreSQL), by its slug. */
export type IdTypeOf = (slug: string) => 'number' | 'text' | undefined

/** Operators PostgreSQL runs only on a point column (PostGIS functions). */
const geoOperators = new Set(['intersects', 'near', 'within'])
/** Text matching, which an enum or a timestamp column does not take. */
const textOperators = new Set(['contains', 'like', 'not_like'])
/** Operators whose value is a value of the column (or a comma-separated list of them). */
const listOperators = new Set(['all', 'in', 'not_in'])
const valueOperators = new Set([
  ...listOperators,
  'equals',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'not_equals',
])

/** The values a condition compares with: a list operator's comma-separated string is split as Payload does. */
const valuesOf = (operator: string, value: unknown): unknown[] => {
  if (Array.isArray(value)) {
    return value
  }
  if (listOperators.has(operator) && typeof value === 'string') {
    return value.split(',').map((item) => item.trim())
  }
  return [value]
}

const isNumber = (value: unknown) =>
  typeof value === 'number'
    ? Number.isFinite(value)
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))

const isDate = (value: unknown) =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  value instanceof Date ||
  (typeof value === 'string' && value !== '' && !Number.isNaN(new Date(value).getTime()))

/** The field a dotted path names, through groups, tabs and arrays; undefined past a relationship or unknown. */
const fieldAt = (fields: readonly FlattenedField[], path: string): FlattenedField | undefined => {
  const [head, ...rest] = path.split('.')
  const field = fields.find((candidate) => candidate.name === head)
  if (!field || rest.length === 0) {
    return field
  }
  return 'flattenedFields' in field && Array.isArray(field.flattenedFields)
    ? fieldAt(field.flattenedFields, rest.join('.'))
    : undefined
}

/** Whether one condition's value fits the column it is compared with. */
const fits = (
  field: FlattenedField | undefined,
  path: string,
  operator: string,
  value: unknown,
  idTypeOf: IdTypeOf,
  collectionSlug: string,
): boolean => {
  if (geoOperators.has(operator)) {
    return field?.type === 'point'
  }
  const compared = valueOperators.has(operator)
  const numeric =
    (path === 'id' && !field && idTypeOf(collectionSlug) === 'number') ||
    field?.type === 'number' ||
    ((field?.type === 'relationship' || field?.type === 'upload') &&
      typeof field.relationTo === 'string' &&
      idTypeOf(field.relationTo) === 'number')
  if (numeric) {
    // Payload's own `null` for "no related document" is let through.
    return (
      !compared ||
      valuesOf(operator, value).every((item) => item === null || item === 'null' || isNumber(item))
    )
  }
  if (field?.type === 'select' || field?.type === 'radio') {
    if (textOperators.has(operator)) {
      return false
    }
    const options = new Set(
      field.options.map((option) => (typeof option === 'string' ? option : option.value)),
    )
    return (
      !compared ||
      valuesOf(operator, value).every((item) => item === null || options.has(String(item)))
    )
  }
  if (field?.type === 'date') {
    if (textOperators.has(operator)) {
      return false
    }
    return !compared || valuesOf(operator, value).every((item) => item === null || isDate(item))
  }
  return true
}

/**
 * The path of the first condition in `where` whose value its column cannot hold (an option a
 * select does not have, a word for a numeric id, a point query on a date), or null. PostgreSQL
 * refuses such a value when the query runs (invalid input for an enum, an integer or a timestamp)
 * and Payload answers that 500; checked first, it is the client's mistake, a 400 (OWASP ASVS 5.0
 * 2.2.1: input is validated against what is expected before it is used). Paths Payload itself
 * cannot query are left for Payload to refuse.
 */
export const invalidFilterValue = (
  fields: readonly FlattenedField[],
  where: unknown,
  idTypeOf: IdTypeOf,
  collectionSlug: string,
): null | string => {
  if (typeof where !== 'object' || where === null) {
    return null
  }
  for (const [key, condition] of Object.entries(where as Where)) {
    if ((key === 'and' || key === 'or') && Array.isArray(condition)) {
      for (const nested of condition) {
        const found = invalidFilterValue(fields, nested, idTypeOf, collectionSlug)
        if (found) {
          return found
        }
      }
      continue
    }
    if (typeof condition !== 'object' || condition === null) {
      continue
    }
    const field = fieldAt(fields, key)
    for (const [operator, value] of Object.entries(condition as Record<string, unknown>)) {
      if (!fits(field, key, operator, value, idTypeOf, collectionSlug)) {
        return key
      }
    }
  }
  return null
}
