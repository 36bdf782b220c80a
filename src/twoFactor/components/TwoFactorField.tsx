import type { UIFieldServerProps } from 'payload'

import { formatAdminURL } from 'payload/shared'

import { getBackofficeTranslation } from '../../i18n/text.js'
import { getPluginOptions } from '../../options/getPluginOptions.js'
import { isAdmin } from '../../roles/isAdmin.js'
import { providerConfirmationFor } from '../../sudo/providerConfirmation.js'
import { readTotpState } from '../accountState.js'
import { twoFactorRoutes } from '../constants.js'
import { twoFactorStyles as styles } from '../lib/twoFactorStyles.js'
import { hasPasskey } from '../passkeys/passkeyStore.js'
import { recoveryCodesStatus } from '../recoveryCodes/store.js'
import {
  AccountResetRequest,
  PasskeysList,
  RecoveryCodesPanel,
  TrustedDevicesList,
} from './lazyComponents.js'

/**
 * The two-factor section of the account page: on the viewer's own account, whether two-factor is on
 * (an authenticator app or a passkey), a way to set up the app, the passkeys, the recovery codes
 * (with the app), the devices trusted to skip the code, and (with a second factor on) a request to
 * have it reset by an administrator; on another account, for an
 * administrator, that account's passkeys to remove. The state is
 * read from the database here, since the account form never carries it.
 */
export const TwoFactorField = async ({ id, payload, req }: UIFieldServerProps) => {
  const options = getPluginOptions(payload)
  const viewer = req.user
  if (
    !options.enabled ||
    !viewer ||
    id === undefined ||
    viewer.collection !== options.usersCollection
  ) {
    return null
  }
  const t = getBackofficeTranslation(req.i18n)
  if (String(viewer.id) !== String(id)) {
    // An administrator on someone else's account: their passkeys, to remove a lost device's.
    return isAdmin(viewer, options) && options.passkeys.enabled ? (
      <section
        aria-labelledby="backoffice-two-factor-heading"
        className="backoffice-two-factor"
        style={styles.section}
      >
        <h3 id="backoffice-two-factor-heading">{t('groupTwoFactor')}</h3>
        <PasskeysList
          apiRoute={payload.config.routes.api}
          confirmation={providerConfirmationFor(req, options)}
          serverURL={payload.config.serverURL}
          userId={id}
          usersCollection={options.usersCollection}
        />
      </section>
    ) : null
  }
  const state = await readTotpState(payload, options, viewer.id)
  // A passkey is a second factor too: the account is protected by either.
  const status =
    state?.status === 'enabled' ||
    (options.passkeys.enabled && (await hasPasskey(payload, viewer.id)))
      ? 'enabled'
      : (state?.status ?? null)
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
  // Recovery codes stand in for the app's code, so they come with the app (see recoveryCodes/store.ts).
  const recovery =
    state?.status === 'enabled' ? await recoveryCodesStatus(payload, viewer.id) : null
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
      {state?.status !== 'enabled' && (
        <p>
          <a href={setupURL} id="backoffice-two-factor-setup-link">
            {t('twoFactorSetUpLink')}
          </a>
        </p>
      )}
      {options.passkeys.enabled && (
        <PasskeysList
          apiRoute={payload.config.routes.api}
          confirmation={providerConfirmationFor(req, options)}
          serverURL={payload.config.serverURL}
          userId={null}
          usersCollection={options.usersCollection}
        />
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
      {/* Only a second factor that is on can be lost; the endpoint refuses the others anyway. */}
      {status === 'enabled' && (
        <AccountResetRequest
          apiRoute={payload.config.routes.api}
          confirmation={providerConfirmationFor(req, options)}
          serverURL={payload.config.serverURL}
          usersCollection={options.usersCollection}
        />
      )}
    </section>
  )
}
