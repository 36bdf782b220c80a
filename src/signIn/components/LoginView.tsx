import type { AdminViewServerProps } from 'payload'

import { redirect } from 'next/navigation.js'
import { getSafeRedirect } from 'payload/shared'

import type { SsoButton } from './SsoButtons.js'

import { SignInFrame } from '../../shared/components/server/AdminBrand.js'
import { errorCatalogue } from '../../shared/errors/catalogue.js'
import { getBackofficeTranslation } from '../../shared/i18n/text.js'
import { getPluginOptions } from '../../shared/options/getPluginOptions.js'
import { LoginForm } from './LoginForm.js'

const isCatalogueCode = (value: unknown): value is keyof typeof errorCatalogue =>
  typeof value === 'string' && Object.hasOwn(errorCatalogue, value)

/**
 * The admin's sign-in page, in place of Payload's: a signed-in visitor goes straight on to where they
 * were headed. The form posts to the plugin's login endpoint, which applies the lockout; below it,
 * one button per single sign-on provider. A sign-in that failed at a provider comes back with
 * `?errorMessage=CODE`: only a code of the plugin's catalogue is shown (translated here), anything
 * else is ignored, so a link cannot make the page say what its author wants. The app's logo and its
 * `beforeLogin` and `afterLogin` components frame it, as they frame Payload's.
 */
export const LoginView = ({ initPageResult, params, searchParams }: AdminViewServerProps) => {
  const { req } = initPageResult
  const { config } = req.payload
  const redirectParam =
    typeof searchParams?.redirect === 'string' ? searchParams.redirect : undefined
  if (req.user) {
    redirect(getSafeRedirect({ fallbackTo: config.routes.admin, redirectTo: redirectParam ?? '' }))
  }
  const t = getBackofficeTranslation(req.i18n)
  const options = getPluginOptions(req.payload)
  const { providers } = options.sso
  const labelOf = (id: unknown) =>
    id === 'local'
      ? t('signInMethodPassword')
      : providers.find((provider) => provider.id === id)?.label
  const code = searchParams?.errorMessage
  let initialError: null | string = null
  if (isCatalogueCode(code)) {
    const used = labelOf(searchParams?.provider)
    const expected = labelOf(searchParams?.expected)
    initialError =
      code === 'WRONG_SIGN_IN_METHOD' && !(used && expected)
        ? null
        : t(errorCatalogue[code].translationKey, { expected: expected ?? '', used: used ?? '' })
  }
  const redirectQuery = redirectParam ? `&redirect=${encodeURIComponent(redirectParam)}` : ''
  const ssoButtons: SsoButton[] = providers.map((provider) => ({
    href: `${config.serverURL}${config.routes.api}/admin/oauth/authorization/${provider.id}?flow=default${redirectQuery}`,
    icon: provider.icon,
    id: provider.id,
    kind: provider.kind,
    label: provider.label,
  }))
  return (
    <SignInFrame initPageResult={initPageResult} params={params} searchParams={searchParams}>
      <LoginForm
        adminRoute={config.routes.admin}
        apiRoute={config.routes.api}
        forgotRoute={config.admin.routes.forgot}
        initialError={initialError}
        passkeySignIn={options.passkeys.enabled && options.passkeys.passwordless}
        serverURL={config.serverURL}
        ssoButtons={ssoButtons}
        usersCollection={config.admin.user}
      />
    </SignInFrame>
  )
}
