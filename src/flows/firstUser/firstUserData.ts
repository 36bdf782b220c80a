import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { firstUserFields, type NamedDataField } from './firstUserFields.js'

const isText = (value: unknown) => typeof value === 'string'
/** The JSON type each plain field stores; Payload's validation judges the content, not always the type. */
const valueShapes: Record<string, (value: unknown) => boolean> = {
  checkbox: (value) => typeof value === 'boolean',
  code: isText,
  date: (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value)),
  email: isText,
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  radio: isText,
  select: isText,
  text: isText,
  textarea: isText,
}

/** Whether `value` has the JSON type `field` stores (empty always does); other field types are left to Payload. */
const hasFieldShape = (field: NamedDataField, value: unknown): boolean => {
  const shape = valueShapes[field.type]
  if (!shape || value === null || value === undefined) {
    return true
  }
  return 'hasMany' in field && field.hasMany
    ? Array.isArray(value) && value.every(shape)
    : shape(value)
}

/**
 * The values of the first account's other fields, from a first-register body: only those of
 * `firstUserFields`, anything else in the body dropped. A value of the wrong JSON type for its field
 * is refused (400 MALFORMED_REQUEST): an object where text belongs would be saved as "[object Object]".
 */
export const firstUserData = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> => {
  const data: Record<string, unknown> = {}
  for (const field of await firstUserFields(req, options, body)) {
    if (!Object.hasOwn(body, field.name)) {
      continue
    }
    if (!hasFieldShape(field, body[field.name])) {
      throw new BackofficeError('MALFORMED_REQUEST', { req })
    }
    data[field.name] = body[field.name]
  }
  return data
}
