import type { CollectionBeforeOperationHook } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { BackofficeError } from '../../shared/errors/BackofficeError.js'

/**
 * GraphQL's `forgotPassword` and `resetPassword` mutations would reach Payload's operations without
 * the plugin's uniform answer (Payload's forgot-password is faster for unknown addresses) or its
 * reset flow, so they are turned off: both go through the REST endpoints. The Local API stays
 * available to trusted server code.
 */
export const refuseGraphQLPasswordReset =
  (options: SanitizedBackofficeOptions): CollectionBeforeOperationHook =>
  ({ args, operation, req }) => {
    if (
      (operation === 'forgotPassword' || operation === 'resetPassword') &&
      req.payloadAPI === 'GraphQL'
    ) {
      const endpoint = operation === 'forgotPassword' ? 'forgot-password' : 'reset-password'
      throw new BackofficeError('GRAPHQL_PASSWORD_RESET_DISABLED', {
        req,
        variables: {
          path: `${req.payload.config.routes.api}/${options.usersCollection}/${endpoint}`,
        },
      })
    }
    return args
  }
