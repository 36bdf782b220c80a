import type { Capability } from '../../shared/config/capability.js'

import { addSignInAdditionSource } from '../../policies/suspension/signInAdditions.js'
import { replaceAdminViews } from '../../shared/config/admin.js'
import { addCollection, appendHooks, mapCollection } from '../../shared/config/collections.js'
import { accountsCollection } from './accountsCollection.js'
import { authorizationEndpoint } from './endpoints/authorizationEndpoint.js'
import { backChannelLogoutEndpoint } from './endpoints/backChannelLogoutEndpoint.js'
import { callbackEndpoint } from './endpoints/callbackEndpoint.js'
import { afterSignInMethodChange } from './hooks/afterSignInMethodChange.js'
import { checkSignInMethod } from './hooks/checkSignInMethod.js'
import { deleteLinkedAccountsOfDeletedUser } from './hooks/deleteLinkedAccountsOfDeletedUser.js'
import { ssoLogoutTokensCollection } from './logoutTokensCollection.js'
import { ssoAdditions } from './signInAdditionSource.js'
import { signInMethodField } from './signInMethodField.js'

/**
 * Single sign-on with OpenID Connect providers (Google, Microsoft Entra ID, a corporate provider):
 * the linked identities, the sealed transactions of sign-ins under way, and the two endpoints a sign-in
 * passes through. After the provider, a sign-in continues in `signIn/` exactly as after a password.
 */
export const sso: Capability = {
  behaviour: (incoming, options) => {
    // Identities linked before a provider was taken out of the config still sign nobody in, but a
    // recovery review still lists and removes them.
    addSignInAdditionSource(options, ssoAdditions)
    // Administrators choose each account's sign-in method, with single sign-on configured or not;
    // the sign-out page is the plugin's either way, so the admin's import map does not depend on
    // which providers the environment configures.
    const withSignOut = replaceAdminViews(incoming, {
      logout: {
        Component: 'payload-backoffice/rsc#SignOutView',
        path: (incoming.admin?.routes?.logout ?? '/logout') as `/${string}`,
      },
    })
    const config = mapCollection(withSignOut, options.usersCollection, (users) =>
      appendHooks(users, {
        afterChange: [afterSignInMethodChange(options)],
        beforeChange: [checkSignInMethod(options)],
      }),
    )
    if (options.sso.providers.length === 0) {
      return config
    }
    if (!config.serverURL) {
      throw new Error(
        'payload-backoffice: single sign-on needs `serverURL` in the Payload config: the redirect URI registered at each provider is built from it.',
      )
    }
    return {
      ...config,
      endpoints: [
        ...(config.endpoints ?? []),
        authorizationEndpoint(options),
        callbackEndpoint(options),
        backChannelLogoutEndpoint(options),
      ],
    }
  },
  name: 'sso',
  schema: (config, options) =>
    [accountsCollection(config, options), ssoLogoutTokensCollection()].reduce(
      addCollection,
      // Integrity, not behaviour: with the plugin disabled, accounts must still be deletable.
      mapCollection(config, options.usersCollection, (users) =>
        appendHooks(
          {
            ...users,
            fields: [...users.fields, signInMethodField(config, options)],
          },
          { beforeDelete: [deleteLinkedAccountsOfDeletedUser(options)] },
        ),
      ),
    ),
}
