import type { AdminViewServerProps } from 'payload'

import { MinimalTemplate } from '@payloadcms/next/templates'
import { redirect } from 'next/navigation.js'
import { formatAdminURL, getSafeRedirect } from 'payload/shared'

import { AdminLogo } from '../../../shared/components/server/AdminBrand.js'
import { getPluginOptions } from '../../../shared/options/getPluginOptions.js'
import {
  ChallengeMethods,
  PasskeyChallenge,
  RequestResetWidget,
  SecondFactorChoice,
} from './lazyComponents.js'

/**
 * The code prompt (`{admin}/two-factor/verify`) the sign-in answer sends people to after a correct
 * password. Public, like the sign-in page: the visitor holds only the challenge cookie, which the
 * endpoint checks. Someone already signed in goes on to where they were headed.
 */
export const ChallengeView = ({ initPageResult, params, searchParams }: AdminViewServerProps) => {
  const { req } = initPageResult
  const { config } = req.payload
  const options = getPluginOptions(req.payload)
  if (req.user) {
    const redirectParam = typeof searchParams?.redirect === 'string' ? searchParams.redirect : ''
    redirect(getSafeRedirect({ fallbackTo: config.routes.admin, redirectTo: redirectParam }))
  }
  const props = {
    adminRoute: config.routes.admin,
    apiRoute: config.routes.api,
    serverURL: config.serverURL,
    trustedDeviceDays: options.twoFactor.trustedDeviceDays,
    usersCollection: options.usersCollection,
  }
  return (
    <MinimalTemplate className="backoffice-two-factor-verify">
      <AdminLogo initPageResult={initPageResult} params={params} searchParams={searchParams} />
      <SecondFactorChoice
        adminRoute={config.routes.admin}
        apiRoute={config.routes.api}
        code={<ChallengeMethods {...props} />}
        passkeyPrompt={<PasskeyChallenge {...props} />}
        serverURL={config.serverURL}
        usersCollection={options.usersCollection}
      />
      <RequestResetWidget
        apiRoute={config.routes.api}
        loginURL={formatAdminURL({
          adminRoute: config.routes.admin,
          path: config.admin.routes.login,
        })}
        serverURL={config.serverURL}
        usersCollection={options.usersCollection}
      />
    </MinimalTemplate>
  )
}
