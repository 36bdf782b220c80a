import type { AdminViewServerProps } from 'payload'

import { createClientFields } from 'payload'

import { getPluginOptions } from '../../options/getPluginOptions.js'
import { publicPasswordPolicy } from '../../passwordPolicy/publicPolicy.js'
import { profileFieldCandidates } from '../profileFields.js'
import { AcceptInvitationForm } from './AcceptInvitationForm.js'

/**
 * The accept-invitation page (`{admin}/accept-invitation?token=…`), open to anyone with the link.
 * Visitors are signed out, so the admin's client config carries no collection fields: the profile
 * fields an invitee may be offered are prepared here, and the page shows those the invitation's
 * answer lists for this invitee. The token stays out of the Referer of any request the page makes
 * (`strict-origin`; a view cannot set response headers, a meta element can).
 */
export const AcceptInvitationView = ({
  importMap,
  initPageResult,
  searchParams,
}: AdminViewServerProps) => {
  const { req } = initPageResult
  const { payload } = req
  const options = getPluginOptions(payload)
  const collection = payload.collections[options.usersCollection]!.config
  const fields = createClientFields({
    defaultIDType: payload.db.defaultIDType,
    disableAddingID: true,
    fields: profileFieldCandidates(collection, options),
    i18n: req.i18n,
    importMap,
  })
  return (
    <>
      <meta content="strict-origin" name="referrer" />
      <AcceptInvitationForm
        adminRoute={payload.config.routes.admin}
        apiRoute={payload.config.routes.api}
        fields={fields}
        loginRoute={payload.config.admin.routes.login}
        policy={publicPasswordPolicy(options)}
        serverURL={payload.config.serverURL}
        signedIn={Boolean(req.user)}
        token={typeof searchParams?.token === 'string' ? searchParams.token : ''}
        usersCollection={options.usersCollection}
      />
    </>
  )
}
