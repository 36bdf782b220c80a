import type { CollectionBeforeChangeHook } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { signInMethodOf } from '../../../shared/accounts/signInMethod.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'

/**
 * A sign-in method an administrator sets must be one that exists: `local` or a configured provider.
 * A value carried along unchanged is left alone, so removing a provider from the config does not
 * stop its accounts from being edited.
 */
export const checkSignInMethod =
  (options: SanitizedBackofficeOptions): CollectionBeforeChangeHook =>
  ({ data, operation, originalDoc, req }) => {
    if (!data || !('identityProvider' in data)) {
      return data
    }
    const next = signInMethodOf(data)
    if (operation === 'update' && originalDoc && next === signInMethodOf(originalDoc)) {
      return data
    }
    if (next !== 'local' && !options.sso.providers.some((provider) => provider.id === next)) {
      throw new BackofficeError('SIGN_IN_METHOD_UNKNOWN', { req })
    }
    return data
  }
