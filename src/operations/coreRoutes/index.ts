import type { Config, Endpoint, PayloadRequest } from 'payload'

import type { Capability } from '../../shared/config/capability.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { clientAttemptsSlug } from '../../policies/lockout/clientAttempts.js'
import { loginThrottlesSlug } from '../../policies/lockout/loginThrottles.js'
import { strengthChecksSlug } from '../../policies/passwordPolicy/strength/strengthChecks.js'
import { twoFactorChallengesSlug } from '../../policies/twoFactor/challengeCollection.js'
import { resetRequestsSlug } from '../../policies/twoFactor/resetRequests/constants.js'
import { trustedDevicesSlug } from '../../policies/twoFactor/trustedDevices/collection.js'
import { refusalTalliesSlug } from '../../shared/audit/refusalTallies.js'
import { addEndpoints, appendHooks } from '../../shared/config/collections.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { isAdmin } from '../../shared/roles/isAdmin.js'
import { refuseInvalidFilterValues } from './refuseInvalidFilterValues.js'
import { verificationWithoutTokens } from './verificationWithoutTokens.js'

/**
 * Payload mounts version routes on every collection, versioned or not, and on one that is not they
 * fail inside the query builder (500). The plugin's collections and the staff accounts keep no
 * versions: these answer 404 with a catalogue code first (a collection's own endpoints match before
 * Payload's built-in ones).
 */
const noVersionRoutes: Endpoint[] = (
  [
    ['get', '/versions'],
    ['get', '/versions/:id'],
    ['post', '/versions/:id'],
  ] as const
).map(([method, path]) =>
  backofficeEndpoint({
    handler: () => {
      throw new BackofficeError('NOT_FOUND')
    },
    method,
    path,
  }),
)

/** Only administrators run, queue or cancel jobs over HTTP, unless the app decided for itself. */
const adminsOnly =
  (options: SanitizedBackofficeOptions) =>
  ({ req }: { req: PayloadRequest }) =>
    isAdmin(req.user, options)

const jobsForAdministrators = (config: Config, options: SanitizedBackofficeOptions): Config => ({
  ...config,
  jobs: config.jobs && {
    ...config.jobs,
    access: {
      cancel: adminsOnly(options),
      queue: adminsOnly(options),
      run: adminsOnly(options),
      ...config.jobs.access,
    },
  },
})

/**
 * Payload's own routes held to the plugin's rules: version routes on collections without versions
 * answer 404 rather than 500, email verification without tokens answers Payload's 403 rather than a
 * 500, a list filter with a value its column cannot hold answers 400 `LIST_FILTER_INVALID` rather
 * than 500 on the staff accounts and the plugin's collections, and the jobs queue is for administrators (Payload lets any signed-in
 * user run it over `GET /api/payload-jobs/run`).
 */
export const coreRoutes: Capability = {
  behaviour: (config, options) => {
    const plugin = new Set([
      options.usersCollection,
      options.sessions.slug,
      options.audit.slug,
      loginThrottlesSlug,
      clientAttemptsSlug,
      refusalTalliesSlug,
      resetRequestsSlug,
      strengthChecksSlug,
      trustedDevicesSlug,
      twoFactorChallengesSlug,
    ])
    return jobsForAdministrators(
      {
        ...config,
        db: verificationWithoutTokens(config.db, options.usersCollection),
        collections: (config.collections ?? []).map((collection) => {
          if (!plugin.has(collection.slug)) {
            return collection
          }
          const checked = appendHooks(collection, {
            beforeOperation: [refuseInvalidFilterValues],
          })
          return collection.versions
            ? checked
            : addEndpoints(checked, noVersionRoutes, { first: true })
        }),
      },
      options,
    )
  },
  name: 'coreRoutes',
}
