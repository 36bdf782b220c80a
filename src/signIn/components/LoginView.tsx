import type { AdminViewServerProps } from 'payload'

import { redirect } from 'next/navigation.js'
import { getSafeRedirect } from 'payload/shared'

import { LoginForm } from './LoginForm.js'

/**
 * The admin's sign-in page, in place of Payload's: a signed-in visitor goes straight on to where they
 * were headed. The form posts to the plugin's login endpoint, which applies the lockout.
 */
export const LoginView = ({ initPageResult, searchParams }: AdminViewServerProps) => {
  const { req } = initPageResult
  const { config } = req.payload
  const redirectParam =
    typeof searchParams?.redirect === 'string' ? searchParams.redirect : undefined
  if (req.user) {
    redirect(getSafeRedirect({ fallbackTo: config.routes.admin, redirectTo: redirectParam ?? '' }))
  }
  return (
    <LoginForm
      adminRoute={config.routes.admin}
      apiRoute={config.routes.api}
      forgotRoute={config.admin.routes.forgot}
      serverURL={config.serverURL}
      usersCollection={config.admin.user}
    />
  )
}
