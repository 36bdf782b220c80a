import type { CollectionBeforeChangeHook } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import {
  assertPasswordAllowed,
  passwordPolicyExemptKey,
  spendUnchosenPassword,
} from './assertPasswordAllowed.js'

/**
 * The policy on every save of the users collection that sets a password: REST and GraphQL create and
 * update, Payload's first-register, the admin's own account form and the Local API. A refusal throws
 * before anything is written (Payload rolls the operation back), so the old password keeps working.
 *
 * On create, a password that is present but empty is refused as missing; one that is absent is left
 * to Payload, which requires it (or to the invitation flow, which sets an exempt random one). On
 * update, an empty password means "unchanged", as it does to Payload.
 */
export const enforcePasswordPolicy =
  (options: SanitizedBackofficeOptions): CollectionBeforeChangeHook =>
  async ({ data, operation, originalDoc, req }) => {
    if (
      req.context[passwordPolicyExemptKey] === true ||
      (operation === 'create' && spendUnchosenPassword(req, data?.password)) ||
      (operation !== 'create' && operation !== 'update')
    ) {
      return data
    }
    const password: unknown = data?.password
    const setsPassword =
      operation === 'create'
        ? password !== undefined
        : password !== undefined && password !== null && password !== ''
    if (setsPassword) {
      // The account as it will be saved: a new email or name in the same request counts.
      await assertPasswordAllowed(req, options, { password, user: { ...originalDoc, ...data } })
    }
    return data
  }
