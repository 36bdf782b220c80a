import type { AdminViewServerProps } from 'payload'

import { Button } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'

import { getBackofficeTranslation } from '../../shared/i18n/text.js'
import { ForgotForm } from './lazyComponents.js'
import { LoggedInNotice } from './LoggedInNotice.js'

/**
 * The admin's forgot-password page, in place of Payload's (it is shown inside Payload's minimal
 * template). Someone signed in is pointed to their account page, where passwords are changed.
 */
export const ForgotView = ({ initPageResult }: AdminViewServerProps) => {
  const { req } = initPageResult
  const { config } = req.payload
  const adminRoute = config.routes.admin
  const t = getBackofficeTranslation(req.i18n)
  if (req.user) {
    return (
      <LoggedInNotice
        actions={
          <>
            <a href={formatAdminURL({ adminRoute, path: config.admin.routes.account })}>
              {t('forgotAccountLink')}
            </a>
            <Button buttonStyle="secondary" el="link" size="large" to={adminRoute}>
              {t('forgotBackToDashboard')}
            </Button>
          </>
        }
        description={t('forgotLoggedInDescription')}
        heading={t('forgotAlreadyLoggedIn')}
      />
    )
  }
  return (
    <ForgotForm
      apiRoute={config.routes.api}
      loginURL={formatAdminURL({ adminRoute, path: config.admin.routes.login })}
      serverURL={config.serverURL}
      usersCollection={config.admin.user}
    />
  )
}
