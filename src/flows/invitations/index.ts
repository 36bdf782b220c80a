import type { CollectionConfig, Config, EditConfig } from 'payload'

import type { Capability } from '../../shared/config/capability.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { publicPasswordPolicy } from '../../policies/passwordPolicy/publicPolicy.js'
import { addAdminViews } from '../../shared/config/admin.js'
import { addEndpoints, appendHooks, mapCollection } from '../../shared/config/collections.js'
import { acceptInvitationEndpoint } from './acceptInvitationEndpoint.js'
import { recordInvitation, sendCreationEmail, startInvitation } from './createHooks.js'
import { acceptInvitationPath } from './emails.js'
import { invitationGroupField } from './fields.js'
import { invitationDetailsEndpoint } from './invitationDetailsEndpoint.js'
import { refuseUnacceptedInvitation } from './refuseUnacceptedInvitation.js'
import { resendInvitationEndpoint } from './resendInvitationEndpoint.js'
import { revokeInvitationEndpoint } from './revokeInvitationEndpoint.js'

/** The accept-invitation page, a public admin view (custom views need no sign-in). */
const withAcceptView = (config: Config): Config =>
  addAdminViews(config, {
    acceptInvitation: {
      Component: 'payload-backoffice/rsc#AcceptInvitationView',
      exact: true,
      path: acceptInvitationPath,
    },
  })

/**
 * The user form where an empty password means "invite": an edit view whose email and password block
 * replaces Payload's (which requires a password on create), and a save button that says what will
 * happen. Left out for collections using what that block also carries (API keys, email
 * verification, username sign-in); an app's own edit view or save button wins.
 */
const withInvitationForm = (
  users: CollectionConfig,
  options: SanitizedBackofficeOptions,
): CollectionConfig => {
  const auth = typeof users.auth === 'object' ? users.auth : {}
  const components = users.admin?.components
  // An app replacing every document view (`edit.root`) renders its own form.
  if (
    auth.useAPIKey ||
    auth.verify ||
    auth.disableLocalStrategy ||
    auth.loginWithUsername ||
    components?.views?.edit?.root
  ) {
    return users
  }
  return {
    ...users,
    admin: {
      ...users.admin,
      components: {
        ...components,
        edit: { SaveButton: 'payload-backoffice/client#InvitationSaveButton', ...components?.edit },
        views: {
          ...components?.views,
          edit: {
            default: {
              Component: {
                clientProps: { policy: publicPasswordPolicy(options) },
                path: 'payload-backoffice/client#UserEditView',
              },
            },
            ...components?.views?.edit,
          } as EditConfig,
        },
      },
    },
  }
}

/**
 * Invitations: an administrator creates an account without a password, the person gets a link
 * (valid `invitations.expiryDays`, single-use, stored hashed), chooses a password and completes
 * their profile on the accept-invitation page, and is signed in. Resend and revoke for
 * administrators; an "account created" email for accounts created with a password.
 */
export const invitations: Capability = {
  behaviour: (config, options) =>
    withAcceptView(
      mapCollection(config, options.usersCollection, (users) =>
        appendHooks(
          withInvitationForm(
            // Before Payload's built-in endpoints (`GET /:id` would take `/invitation`).
            addEndpoints(
              users,
              [
                invitationDetailsEndpoint(options),
                acceptInvitationEndpoint(options),
                resendInvitationEndpoint(options),
                revokeInvitationEndpoint(options),
              ],
              { first: true },
            ),
            options,
          ),
          {
            afterChange: [sendCreationEmail(options)],
            beforeChange: [recordInvitation(options)],
            beforeLogin: [refuseUnacceptedInvitation],
            beforeOperation: [startInvitation(options)],
          },
        ),
      ),
    ),
  name: 'invitations',
  schema: (config, options) =>
    mapCollection(config, options.usersCollection, (users) => ({
      ...users,
      fields: [...users.fields, invitationGroupField(options)],
    })),
}
