import type { Field, FieldAffectingData, PayloadRequest } from 'payload'

import { createLocalReq } from 'payload'
import { fieldAffectsData, flattenTopLevelFields } from 'payload/shared'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

/** Set from the request's own fields by the endpoint, never taken from the rest of the body. */
// The first user signs up with a password, so its sign-in method is `local` whatever the body says.
const setSeparately = new Set(['email', 'identityProvider', 'password'])

/** A request signed in as an administrator (a stand-in, not an account), for asking field access. */
const asAdministrator = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
): Promise<PayloadRequest> =>
  createLocalReq(
    {
      context: {},
      user: {
        collection: options.usersCollection,
        id: 0,
        [options.roles.field]: [options.roles.admin],
      } as never,
    },
    req.payload,
  )

/** A field that holds a value of the document, under its own name. */
export type NamedDataField = FieldAffectingData & { name: string }

const mayCreate = async (
  field: FieldAffectingData,
  req: PayloadRequest,
  data: Record<string, unknown>,
): Promise<boolean> => {
  const access = field.access?.create
  if (!access) {
    return true
  }
  try {
    return Boolean(await access({ data, req, siblingData: data }))
  } catch {
    return false
  }
}

/**
 * The users collection's fields the first user fills in besides email and password: what an
 * administrator could set on a new account. So the app's own fields are there (not the roles: the
 * first account is the administrator),
 * and never the fields the system owns (sign-in state, suspension, sessions, hashes), whose access
 * refuses everyone, nor hidden, disabled or virtual ones. Payload's own first-register saves whatever
 * the body holds with access checks off; the page and the endpoint both use this list instead.
 */
export const firstUserFields = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  data: Record<string, unknown> = {},
): Promise<NamedDataField[]> => {
  const fields = req.payload.collections[options.usersCollection]!.config.fields
  const administratorReq = await asAdministrator(req, options)
  const offered: NamedDataField[] = []
  for (const field of flattenTopLevelFields(fields) as Field[]) {
    // The roles too: the first account is an administrator whatever is chosen
    // (firstAccountIsAdministrator), so the page says so rather than offer a choice it would not keep.
    if (
      !fieldAffectsData(field) ||
      setSeparately.has(field.name) ||
      field.name === options.roles.field
    ) {
      continue
    }
    if (
      field.hidden ||
      field.admin?.disabled ||
      ('virtual' in field && field.virtual) ||
      field.type === 'join'
    ) {
      continue
    }
    if (await mayCreate(field, administratorReq, data)) {
      offered.push(field)
    }
  }
  return offered
}
