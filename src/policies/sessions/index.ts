import type { Capability } from '../../shared/config/capability.js'

import {
  addCollection,
  addEndpoints,
  appendHooks,
  mapCollection,
} from '../../shared/config/collections.js'
import { sessionActivityStrategy } from './activityStrategy.js'
import { sessionsCollection } from './collection.js'
import { listSessionsEndpoint } from './endpoints/listSessions.js'
import { refreshTokenEndpoint } from './endpoints/refreshToken.js'
import { revokeAllSessionsEndpoint } from './endpoints/revokeAllSessions.js'
import { revokeSessionEndpoint } from './endpoints/revokeSession.js'
import { deleteSessionsOfDeletedUser } from './hooks/deleteSessionsOfDeletedUser.js'
import { extendOnRefresh } from './hooks/extendOnRefresh.js'
import { markLogout } from './hooks/markLogout.js'
import { recordSessionOnLogin } from './hooks/recordSessionOnLogin.js'
import { refreshWithinLifetime } from './hooks/refreshWithinLifetime.js'
import { rememberResetOperation } from './hooks/rememberResetOperation.js'

export type { AuthenticationLevel, SessionRevocationReason } from './constants.js'
export { revokeSessions, type RevokeSessionsArgs } from './revokeSessions.js'

/**
 * Sessions: one document per Payload session, listed and ended by their users and by administrators;
 * ending one takes effect on the next request (OWASP ASVS 5.0 7.4.1, 7.4.5, 7.5.2).
 */
export const sessions: Capability = {
  name: 'sessions',
  schema: (config, options) =>
    addCollection(
      mapCollection(config, options.usersCollection, (users) =>
        // Integrity, not behaviour: with the plugin disabled, accounts must still be deletable.
        appendHooks(users, { beforeDelete: [deleteSessionsOfDeletedUser(options)] }),
      ),
      sessionsCollection(options, config),
    ),
  behaviour: (config, options) =>
    mapCollection(config, options.usersCollection, (users) => {
      const auth = users.auth === true || !users.auth ? {} : users.auth
      if (auth.useSessions === false) {
        throw new Error(
          "payload-backoffice: sessions need Payload's own sessions; remove `auth.useSessions: false` " +
            `from the "${users.slug}" collection.`,
        )
      }
      const endpoints = [
        listSessionsEndpoint(options),
        revokeSessionEndpoint(options),
        revokeAllSessionsEndpoint(options),
      ]
      return appendHooks(
        // Payload's refresh answered by ours first (see refreshToken.ts), the rest after the app's.
        addEndpoints(
          addEndpoints(
            {
              ...users,
              // First, so it sees every request whatever later strategies decide; it never signs
              // anyone in.
              auth: {
                ...auth,
                strategies: [sessionActivityStrategy(options), ...(auth.strategies ?? [])],
              },
            },
            [refreshTokenEndpoint(options)],
            { first: true },
          ),
          endpoints,
        ),
        {
          afterLogin: [recordSessionOnLogin(options)],
          afterLogout: [markLogout(options)],
          afterRefresh: [extendOnRefresh(options)],
          beforeOperation: [rememberResetOperation],
          refresh: [refreshWithinLifetime(options)],
        },
      )
    }),
}
