import type { CollectionBeforeOperationHook } from 'payload'

import type { SanitizedBackofficeOptions } from '../shared/options/types.js'

import { BackofficeError } from '../shared/errors/BackofficeError.js'

/**
 * GraphQL's `login` mutation would reach Payload's login operation without the lockout's counting in
 * front of it, so it is turned off: sign-in goes through the REST endpoint. (The Local API's
 * `payload.login` stays available to trusted server code.)
 */
export const refuseGraphQLLogin =
  (options: SanitizedBackofficeOptions): CollectionBeforeOperationHook =>
  ({ args, operation, req }) => {
    if (operation === 'login' && req.payloadAPI === 'GraphQL') {
      throw new BackofficeError('GRAPHQL_LOGIN_DISABLED', {
        req,
        variables: { path: `${req.payload.config.routes.api}/${options.usersCollection}/login` },
      })
    }
    return args
  }
