import type { AdminViewServerProps } from 'payload'

import { MinimalTemplate } from '@payloadcms/next/templates'

import { AdminLogo } from '../../../shared/components/server/AdminBrand.js'
import { getPluginOptions } from '../../../shared/options/getPluginOptions.js'
import { providerConfirmationFor } from '../../sudo/providerConfirmation.js'
import { SetupForm } from './lazyComponents.js'

/**
 * Enrolment (`{admin}/two-factor/setup`): for a signed-in person setting up two-factor from the
 * account page, and for one the sign-in sent here because their role requires it (they hold only the
 * challenge cookie, which the endpoints check). Public for that reason; without either, the setup
 * request is refused and the page says so.
 */
export const SetupView = ({ initPageResult, params, searchParams }: AdminViewServerProps) => {
  const { config } = initPageResult.req.payload
  const options = getPluginOptions(initPageResult.req.payload)
  return (
    <MinimalTemplate className="backoffice-two-factor-setup">
      <AdminLogo initPageResult={initPageResult} params={params} searchParams={searchParams} />
      <SetupForm
        accountRoute={config.admin.routes.account}
        adminRoute={config.routes.admin}
        apiRoute={config.routes.api}
        confirmation={providerConfirmationFor(initPageResult.req, options)}
        serverURL={config.serverURL}
        usersCollection={options.usersCollection}
      />
    </MinimalTemplate>
  )
}
