import type { UIFieldServerProps } from 'payload'

import { formatAdminURL } from 'payload/shared'

import { getBackofficeTranslation } from '../../../shared/i18n/text.js'
import { getPluginOptions } from '../../../shared/options/getPluginOptions.js'
import { readTotpState } from '../accountState.js'
import { twoFactorRoutes } from '../constants.js'
import '../../../shared/components/backoffice.css'
import '../lib/twoFactorStyles.css'
import './TwoFactorField.css'
import { listPasskeys } from '../passkeys/passkeyStore.js'
import { recoveryCodesStatus } from '../recoveryCodes/store.js'
import { appRemovable } from '../totp/appRemovable.js'
import {
  AccountResetRequest,
  AuthenticatorAppActions,
  PasskeysAndRecoveryCodes,
  TrustedDevicesList,
} from './lazyComponents.js'

/**
 * The two-factor sections of the account page, in the order of GitHub's "Password and
 * authentication": on the viewer's own account, two-factor authentication with each method and its
 * state (the authenticator app, passkeys) and, with one on, a request to have it reset by an
 * administrator; the passkeys; the recovery codes (with any second factor on); the devices trusted to
 * skip the second step. Nothing on another account: the security panel lists its passkeys to remove.
 * The state is read from the database here, since the account form never carries it. Actions that
 * need sudo mode confirm in the page's one dialog (`SudoDialogProvider`, around these sections).
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
  const { api: apiRoute } = payload.config.routes
  const { serverURL } = payload.config
  if (String(viewer.id) !== String(id)) {
    // Someone else's account: its passkeys are listed, each to remove, in the security panel.
    return null
  }
  const state = await readTotpState(payload, options, viewer.id)
  const passkeyCount = options.passkeys.enabled
    ? (await listPasskeys(payload, viewer.id)).length
    : 0
  const appOn = state?.status === 'enabled'
  // A passkey is a second factor too: the account is protected by either.
  const status = appOn || passkeyCount > 0 ? 'enabled' : (state?.status ?? null)
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
  // Recovery codes stand in for any second factor (see recoveryCodes/store.ts).
  const recovery = status === 'enabled' ? await recoveryCodesStatus(payload, viewer.id) : null
  const setupURL = formatAdminURL({
    adminRoute: payload.config.routes.admin,
    path: twoFactorRoutes.enrolment,
  })
  // Where the role must keep a second factor and no passkey would remain, the app stays: said here,
  // and refused by the endpoint with TWO_FACTOR_REQUIRED.
  const removable = appRemovable(
    viewer as unknown as Record<string, unknown>,
    options,
    passkeyCount > 0,
  )
  const methods = [
    {
      action: appOn
        ? null
        : { href: setupURL, id: 'backoffice-two-factor-setup-link', label: t('twoFactorSetUpApp') },
      id: 'app',
      manage: appOn ? (
        <AuthenticatorAppActions
          apiRoute={apiRoute}
          removable={removable}
          serverURL={serverURL}
          usersCollection={options.usersCollection}
        />
      ) : null,
      name: t('twoFactorMethodApp'),
      note: appOn && !removable ? t('twoFactorAppRequiredNote') : null,
      on: appOn,
      state: appOn ? t('twoFactorMethodOn') : t('twoFactorStatusNotSetUp'),
    },
    ...(options.passkeys.enabled
      ? [
          {
            action: {
              href: '#backoffice-passkeys',
              id: 'backoffice-two-factor-passkeys-link',
              label: t('twoFactorManagePasskeys'),
            },
            id: 'passkeys',
            manage: null,
            name: t('passkeysHeading'),
            note: null,
            on: passkeyCount > 0,
            state:
              passkeyCount > 0
                ? t('twoFactorPasskeyCount', { count: passkeyCount })
                : t('twoFactorStatusNotSetUp'),
          },
        ]
      : []),
  ]
  return (
    <>
      <section
        aria-labelledby="backoffice-two-factor-heading"
        className="backoffice-two-factor backoffice-section"
      >
        <h3 dir="auto" id="backoffice-two-factor-heading">
          {t('groupTwoFactor')}
        </h3>
        <p dir="auto">
          {beforeStatus}
          <strong data-status={status ?? 'none'} id="backoffice-two-factor-status">
            {statusText}
          </strong>
          {afterStatus}
        </p>
        <ul className="backoffice-two-factor__methods backoffice-plain-list">
          {methods.map((method) => (
            <li
              className="backoffice-two-factor__method backoffice-two-factor-item"
              data-method={method.id}
              data-on={method.on}
              key={method.id}
            >
              <span>
                <strong dir="auto">{method.name}</strong>
                <br />
                <small dir="auto">{method.state}</small>
                {method.note && (
                  <>
                    <br />
                    <small dir="auto" id={`backoffice-two-factor-${method.id}-note`}>
                      {method.note}
                    </small>
                  </>
                )}
              </span>
              {method.manage}
              {method.action && (
                <a
                  className="btn btn--style-secondary btn--size-small"
                  href={method.action.href}
                  id={method.action.id}
                >
                  {method.action.label}
                </a>
              )}
            </li>
          ))}
        </ul>
        {/* Only a second factor that is on can be lost; the endpoint refuses the others anyway.
            Behind "Having problems?", as GitHub keeps it: with Replace and a recovery code most
            people need no administrator, and an open form under "On" reads as a next step. */}
        {status === 'enabled' && (
          <details className="backoffice-two-factor__problems" id="backoffice-two-factor-problems">
            <summary className="backoffice-two-factor__problems-summary" dir="auto">
              {t('twoFactorHavingProblems')}
            </summary>
            <AccountResetRequest
              apiRoute={apiRoute}
              serverURL={serverURL}
              usersCollection={options.usersCollection}
            />
          </details>
        )}
      </section>
      <PasskeysAndRecoveryCodes
        accountName={typeof viewer.email === 'string' ? viewer.email : String(viewer.id)}
        apiRoute={apiRoute}
        passkeys={options.passkeys.enabled}
        recovery={recovery && { remaining: recovery.remaining, total: recovery.total }}
        serverURL={serverURL}
        usersCollection={options.usersCollection}
      />
      <TrustedDevicesList
        apiRoute={apiRoute}
        serverURL={serverURL}
        usersCollection={options.usersCollection}
      />
    </>
  )
}
