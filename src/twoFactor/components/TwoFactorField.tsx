import type { UIFieldServerProps } from 'payload'

import { formatAdminURL } from 'payload/shared'

import { getBackofficeTranslation } from '../../i18n/text.js'
import { getPluginOptions } from '../../options/getPluginOptions.js'
import { providerConfirmationFor } from '../../sudo/providerConfirmation.js'
import { readTotpState } from '../accountState.js'
import { twoFactorRoutes } from '../constants.js'
import { recoveryCodesStatus } from '../recoveryCodes/store.js'
import { RecoveryCodesPanel } from './RecoveryCodesPanel.js'
import { TrustedDevicesList } from './TrustedDevicesList.js'
import { twoFactorStyles as styles } from './twoFactorStyles.js'

/**
 * The two-factor section of the account page, on the viewer's own account only: whether two-factor
 * is on, a way to set it up when it is not, its recovery codes when it is, and the devices trusted
 * to skip the code. The state is
 * read from the database here, since the account form never carries it.
 */
export const TwoFactorField = async ({ id, payload, req }: UIFieldServerProps) => {
  const options = getPluginOptions(payload)
  const viewer = req.user
  if (
    !options.enabled ||
    !viewer ||
    id === undefined ||
    String(viewer.id) !== String(id) ||
    viewer.collection !== options.usersCollection
  ) {
    return null
  }
  const t = getBackofficeTranslation(req.i18n)
  const state = await readTotpState(payload, options, viewer.id)
  const status = state?.status ?? null
  const statusText =
    status === 'enabled'
      ? t('twoFactorStatusEnabled')
      : status === 'pending'
        ? t('twoFactorStatusPending')
        : t('twoFactorStatusNotSetUp')
  // The sentence is translated whole (punctuation differs by language); the status is set in bold.
  const [beforeStatus, afterStatus = ''] = t('twoFactorStatusLine', { status: '\u0000' }).split(
    '\u0000',
  )
  const recovery = status === 'enabled' ? await recoveryCodesStatus(payload, viewer.id) : null
  const setupURL = formatAdminURL({
    adminRoute: payload.config.routes.admin,
    path: twoFactorRoutes.enrolment,
  })
  return (
    <section
      aria-labelledby="backoffice-two-factor-heading"
      className="backoffice-two-factor"
      style={styles.section}
    >
      <h3 id="backoffice-two-factor-heading">{t('groupTwoFactor')}</h3>
      <p>
        {beforeStatus}
        <strong data-status={status ?? 'none'} id="backoffice-two-factor-status">
          {statusText}
        </strong>
        {afterStatus}
      </p>
      {status !== 'enabled' && (
        <p>
          <a href={setupURL} id="backoffice-two-factor-setup-link">
            {t('twoFactorSetUpLink')}
          </a>
        </p>
      )}
      {recovery && (
        <RecoveryCodesPanel
          accountName={typeof viewer.email === 'string' ? viewer.email : String(viewer.id)}
          apiRoute={payload.config.routes.api}
          confirmation={providerConfirmationFor(req, options)}
          remaining={recovery.remaining}
          serverURL={payload.config.serverURL}
          total={recovery.total}
          usersCollection={options.usersCollection}
        />
      )}
      <TrustedDevicesList
        apiRoute={payload.config.routes.api}
        confirmation={providerConfirmationFor(req, options)}
        serverURL={payload.config.serverURL}
        usersCollection={options.usersCollection}
      />
    </section>
  )
}
