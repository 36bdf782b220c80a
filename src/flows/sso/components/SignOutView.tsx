import type { AdminViewServerProps } from 'payload'

import { getPluginOptions } from '../../../shared/options/getPluginOptions.js'
import { endSessionUrlFor } from '../endSessionUrl.js'
import { SignOut } from './lazyComponents.js'

/**
 * The admin's sign-out page (`/admin/logout`), in place of Payload's: it ends the session here as
 * Payload's does, then, for an account of a provider that offers it, sends the browser on to sign
 * out at the provider as well, so the next "Sign in with …" asks for the person again.
 */
export const SignOutView = async ({ initPageResult }: AdminViewServerProps) => {
  const { req } = initPageResult
  const { config } = req.payload
  const options = getPluginOptions(req.payload)
  return (
    <SignOut
      endSessionUrl={await endSessionUrlFor(req, options)}
      loginRoute={`${config.routes.admin === '/' ? '' : config.routes.admin}${config.admin.routes.login}`}
      logoutUrl={`${config.serverURL}${config.routes.api}/${options.usersCollection}/logout`}
    />
  )
}
