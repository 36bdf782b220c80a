import type { AdminViewServerProps } from 'payload'
import type { ReactNode } from 'react'

import { MinimalTemplate } from '@payloadcms/next/templates'
import { Button } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'

import { publicPasswordPolicy } from '../../policies/passwordPolicy/publicPolicy.js'
import { isLocalAccount } from '../../shared/accounts/signInMethod.js'
import { getBackofficeTranslation } from '../../shared/i18n/text.js'
import { hashToken } from '../../shared/lib/tokens.js'
import { getPluginOptions } from '../../shared/options/getPluginOptions.js'
import { isResetToken } from './isResetToken.js'
import { ResetForm } from './lazyComponents.js'
import { LoggedInNotice } from './LoggedInNotice.js'
import './pageColumn.css'
import { findAccountByResetToken } from './resetTokenStore.js'
import './ResetView.css'

/**
 * Payload renders views it has no template for (the reset route with a query parameter) bare; its
 * minimal template makes the page look like the sign-in page. The meta tag keeps the token in the
 * address out of any Referer header (React places it in the document's head); the app should also
 * send `Referrer-Policy: strict-origin` for this route (see the README).
 */
const MinimalPage = ({ children }: { children: ReactNode }) => (
  <MinimalTemplate className="reset-password">
    <meta content="strict-origin" name="referrer" />
    <div className="backoffice-page-column">{children}</div>
  </MinimalTemplate>
)

/**
 * The admin's reset-password page, reached with `?token=` from the reset email. Signed-in visitors
 * are told so, with a way to log out first. A link that is malformed, expired or already used says
 * so at once, with a way to ask for a new one, instead of a form that can only fail.
 */
export const ResetView = async ({ initPageResult, searchParams }: AdminViewServerProps) => {
  const { req } = initPageResult
  const { config } = req.payload
  const adminRoute = config.routes.admin
  const t = getBackofficeTranslation(req.i18n)

  if (req.user) {
    return (
      <MinimalPage>
        <LoggedInNotice
          actions={
            <>
              <a href={formatAdminURL({ adminRoute, path: config.admin.routes.logout })}>
                {t('resetPasswordLogoutLink')}
              </a>
              <Button buttonStyle="secondary" el="link" size="large" to={adminRoute}>
                {t('forgotBackToDashboard')}
              </Button>
            </>
          }
          description={t('resetPasswordLoggedInDescription')}
          heading={t('forgotAlreadyLoggedIn')}
        />
      </MinimalPage>
    )
  }

  const options = getPluginOptions(req.payload)
  const token = searchParams?.token
  const account = isResetToken(token)
    ? await findAccountByResetToken(req, options, hashToken(token))
    : null
  const loginURL = formatAdminURL({ adminRoute, path: config.admin.routes.login })
  if (!account || !isResetToken(token) || !isLocalAccount(account)) {
    return (
      <MinimalPage>
        <div className="form-header">
          <h1>{t('resetPasswordHeading')}</h1>
          <p role="alert">{t('errorTokenInvalidOrExpired')}</p>
        </div>
        <div className="backoffice-reset-password-view__links">
          <a href={formatAdminURL({ adminRoute, path: config.admin.routes.forgot })}>
            {t('resetPasswordRequestNewLink')}
          </a>
          <a href={loginURL}>{t('forgotBackToLogin')}</a>
        </div>
      </MinimalPage>
    )
  }

  return (
    <MinimalPage>
      <div className="form-header">
        <h1>{t('resetPasswordHeading')}</h1>
        <p>{t('resetPasswordInstructions')}</p>
      </div>
      <ResetForm
        adminRoute={adminRoute}
        apiRoute={config.routes.api}
        policy={publicPasswordPolicy(options)}
        serverURL={config.serverURL}
        token={token}
        userInputs={[account.email, account.name].filter(
          (value): value is string => typeof value === 'string' && value !== '',
        )}
        usersCollection={config.admin.user}
      />
      <a href={loginURL}>{t('forgotBackToLogin')}</a>
    </MinimalPage>
  )
}
