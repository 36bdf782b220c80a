'use client'

import type { ReactNode } from 'react'

import { Button, useAuth, useDocumentInfo, useModal, useTranslation } from '@payloadcms/ui'
import { useId, useState } from 'react'

import type { ProviderConfirmation } from '../../../policies/sudo/providerConfirmation.js'
import type { BackofficeTranslationKey } from '../../../shared/translations/types.js'

import { RecoveryReviewSection } from '../../../flows/recoveryReview/components/RecoveryReviewSection.js'
import { SessionsField } from '../../../policies/sessions/components/SessionsField.js'
import { ConfirmPasswordPrompt } from '../../../policies/sudo/components/ConfirmPasswordPrompt.js'
import { ReviewDecisionDialog } from '../../../policies/twoFactor/resetRequests/components/ReviewDecisionDialog.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { formatDateTime } from '../../../shared/lib/formatDateTime.js'
import { AccountStatusBadge } from './AccountStatusBadge.js'
import { useSecurityOverview } from './useSecurityOverview.js'
import './AccountSecurityPanel.css'

type Props = {
  /** How an administrator of a single sign-on provider confirms itself for sudo mode; else null. */
  confirmation?: null | ProviderConfirmation
  /** False when the plugin is turned off: the field stays (same schema) but shows nothing. */
  enabled?: boolean
  usersCollection?: string
}

const suspensionReasonKeys: Record<string, BackofficeTranslationKey> = {
  administrator: 'suspensionReasonAdministrator',
  excessiveFailures: 'suspensionReasonExcessiveFailures',
  misuseReport: 'suspensionReasonMisuseReport',
  recoveryReview: 'suspensionReasonRecoveryReview',
  secondFactorFailures: 'suspensionReasonSecondFactorFailures',
  securityIncident: 'suspensionReasonSecurityIncident',
}

/** An action an administrator confirms in the panel's dialog before it is sent. */
type PanelAction = {
  body: string
  busy: string
  confirm: string
  heading: string
  /** The toast when the server gives no message of its own. */
  success: string
  /** The endpoint it posts to. */
  target: string
}

const dialogSlug = 'backoffice-security-panel-action'

const Fact = ({ children, term }: { children: ReactNode; term: string }) => (
  <div className="backoffice-account-security-panel__fact">
    <dt className="backoffice-account-security-panel__term">{term}</dt>
    <dd className="backoffice-account-security-panel__value">{children}</dd>
  </div>
)

/**
 * At the top of another account's page, for administrators: whether it can sign in (and why not),
 * its failed attempts, its second factors counted and its passkeys and trusted devices listed, its
 * last sign-in, its sessions with End buttons, and one click from each action Keycloak's and Auth0's
 * user screens offer: suspend or unblock, reset two-factor, send a password reset link, remove one
 * passkey, forget one trusted device. Each is confirmed first in Payload's confirmation dialog,
 * saying what it does (the two-factor reset in the very words of the reset review's approval); it
 * then toasts and the panel changes in place. An action the server refuses for want of sudo mode
 * asks for the password here, and goes on once it is confirmed. The server decides who may do what;
 * the viewer's own page has the account sections instead.
 */
export const AccountSecurityPanel = ({
  confirmation = null,
  enabled = true,
  usersCollection = 'users',
}: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const { user } = useAuth()
  const { collectionSlug, id } = useDocumentInfo()
  const headingId = useId()
  const factorsId = useId()
  const shown =
    enabled &&
    id !== undefined &&
    id !== null &&
    collectionSlug === usersCollection &&
    user !== null &&
    user !== undefined &&
    String(user.id) !== String(id)
  const { act, apiRoute, overview, reload, serverURL, status, url, usersURL } = useSecurityOverview(
    { shown, usersCollection },
  )
  const { openModal } = useModal()
  const actionsId = useId()
  const [chosen, setChosen] = useState<null | PanelAction>(null)
  const [proofFor, setProofFor] = useState<null | PanelAction>(null)
  const [running, setRunning] = useState(false)

  const run = async (action: PanelAction) => {
    setRunning(true)
    const outcome = await act(action.target, action.success)
    setRunning(false)
    setProofFor(outcome === 'needsProof' ? action : null)
  }
  const choose = (action: PanelAction) => {
    setChosen(action)
    openModal(dialogSlug)
  }

  if (!shown || status === 'hidden') {
    return null
  }
  const time = (value: null | string, none: string) => formatDateTime(i18n.language, value) ?? none
  const accountStatus =
    overview?.status === 'locked' && overview.lockedUntil
      ? ({ kind: 'locked', until: overview.lockedUntil } as const)
      : ({ kind: overview?.status === 'suspended' ? 'suspended' : 'active' } as const)
  const reasonKey = overview?.suspensionReason
    ? suspensionReasonKeys[overview.suspensionReason]
    : undefined

  const email = overview?.email ?? `#${String(id)}`
  const dateTime = (value: string) => formatDateTime(i18n.language, value) ?? value
  const hasSecondFactor =
    overview !== null &&
    (overview.authenticatorApp === 'enabled' ||
      overview.passkeys > 0 ||
      overview.recoveryCodesTotal > 0 ||
      overview.trustedDevices > 0)
  const unblockAction: PanelAction = {
    body: t('unblockAccountBody', { email }),
    busy: t('unblockAccountBusy'),
    confirm: t('unblockAccount'),
    heading: t('unblockAccountTitle'),
    success: t('unblockAccountSuccess'),
    target: url('unblock'),
  }
  /** Each action's button: small and secondary, it opens the action's confirmation first. */
  const actionButton = (
    label: string,
    action: PanelAction,
    extra: { 'aria-busy'?: boolean; 'aria-label'?: string } = {},
  ) => (
    <Button
      {...extra}
      buttonStyle="secondary"
      disabled={running}
      margin={false}
      onClick={() => choose(action)}
      size="small"
      type="button"
    >
      {label}
    </Button>
  )

  return (
    <section
      aria-labelledby={headingId}
      className="backoffice-security-panel backoffice-account-security-panel"
    >
      <h2 id={headingId}>{t('securityPanelTitle')}</h2>
      {status === 'loading' && <p role="status">{t('securityPanelLoading')}</p>}
      {status === 'failed' && <p role="alert">{t('securityPanelLoadFailed')}</p>}
      {overview && (
        <>
          <dl className="backoffice-account-security-panel__facts">
            <Fact term={t('columnAccountStatus')}>
              <AccountStatusBadge status={accountStatus} />
            </Fact>
            {reasonKey && <Fact term={t('fieldSuspensionReason')}>{t(reasonKey)}</Fact>}
            {overview.suspendedAt && (
              <Fact term={t('fieldSuspendedAt')}>{time(overview.suspendedAt, '—')}</Fact>
            )}
            <Fact term={t('fieldConsecutiveFailedLogins')}>{overview.failedSignIns}</Fact>
            <Fact term={t('fieldSecondFactorFailures')}>{overview.secondFactorFailures}</Fact>
            <Fact term={t('fieldLockoutUntil')}>
              {time(overview.lockedUntil, t('lockoutNotLocked'))}
            </Fact>
            <Fact term={t('columnLastSignIn')}>
              {time(overview.lastSignInAt, t('lastSignInNever'))}
            </Fact>
          </dl>
          <h3 className="backoffice-account-security-panel__subheading" id={factorsId}>
            {t('securityPanelSecondFactors')}
          </h3>
          <dl aria-labelledby={factorsId} className="backoffice-account-security-panel__facts">
            <Fact term={t('secondFactorApp')}>
              {overview.authenticatorApp === 'enabled'
                ? t('securityPanelAppOn')
                : overview.authenticatorApp === 'pending'
                  ? t('twoFactorStatusPending')
                  : t('securityPanelAppOff')}
            </Fact>
            <Fact term={t('passkeys')}>{overview.passkeys}</Fact>
            <Fact term={t('securityPanelRecoveryCodesLeft')}>
              {overview.recoveryCodesTotal === 0
                ? t('secondFactorNone')
                : t('securityPanelRecoveryCodesCount', {
                    remaining: overview.recoveryCodesLeft,
                    total: overview.recoveryCodesTotal,
                  })}
            </Fact>
            <Fact term={t('fieldTrustedDevices')}>{overview.trustedDevices}</Fact>
          </dl>
          {overview.passkeyList.length + overview.trustedDeviceList.length > 0 && (
            <ul
              aria-labelledby={factorsId}
              className="backoffice-security-panel__items backoffice-account-security-panel__items"
            >
              {overview.passkeyList.map((passkey) => (
                <li
                  className="backoffice-account-security-panel__item"
                  data-passkey-id={String(passkey.id)}
                  key={`passkey-${String(passkey.id)}`}
                >
                  <span>
                    <strong dir="auto">
                      {t('passkey')}: {passkey.name}
                    </strong>
                    <br />
                    <small className="backoffice-account-security-panel__item-note" dir="auto">
                      {[
                        t('passkeyAddedOn', { date: dateTime(passkey.createdAt) }),
                        passkey.lastUsedAt
                          ? t('passkeyLastUsed', { date: dateTime(passkey.lastUsedAt) })
                          : t('passkeyNeverUsed'),
                      ].join(' · ')}
                    </small>
                  </span>
                  {actionButton(
                    t('passkeyRemove'),
                    {
                      body: t('securityPanelRemovePasskeyBody', { email }),
                      busy: t('securityPanelRemoving'),
                      confirm: t('passkeyRemove'),
                      heading: t('securityPanelRemovePasskeyTitle', { name: passkey.name }),
                      success: t('passkeyRemoved'),
                      target: usersURL(
                        `mfa/passkeys/${encodeURIComponent(String(passkey.id))}/remove`,
                      ),
                    },
                    { 'aria-label': t('passkeyRemoveNamed', { name: passkey.name }) },
                  )}
                </li>
              ))}
              {overview.trustedDeviceList.map((device) => {
                const name = t('trustedDeviceName', {
                  browser: device.browser || t('trustedDeviceUnknownBrowser'),
                  os: device.os || t('trustedDeviceUnknownOs'),
                })
                return (
                  <li
                    className="backoffice-account-security-panel__item"
                    data-device-id={String(device.id)}
                    key={`device-${String(device.id)}`}
                  >
                    <span>
                      <strong dir="auto">
                        {t('securityPanelTrustedDevice')}: {name}
                      </strong>
                      <br />
                      <small className="backoffice-account-security-panel__item-note" dir="auto">
                        {[
                          device.lastUsedAt
                            ? t('trustedDeviceLastUsed', { date: dateTime(device.lastUsedAt) })
                            : t('trustedDeviceNeverUsed'),
                          t('trustedDeviceTrustedUntil', { date: dateTime(device.expirationDate) }),
                        ].join(' · ')}
                      </small>
                    </span>
                    {actionButton(
                      t('securityPanelForget'),
                      {
                        body: t('securityPanelForgetBody', { email }),
                        busy: t('securityPanelForgetting'),
                        confirm: t('securityPanelForget'),
                        heading: t('securityPanelForgetTitle', { device: name }),
                        success: t('securityPanelForgotten'),
                        target: usersURL(
                          `mfa/trusted-devices/${encodeURIComponent(String(device.id))}/remove`,
                        ),
                      },
                      { 'aria-label': t('securityPanelForgetLabel', { device: name }) },
                    )}
                  </li>
                )
              })}
            </ul>
          )}
          {overview.status === 'suspended' && overview.suspensionReason === 'recoveryReview' && (
            <RecoveryReviewSection
              approveUrl={url('recovery-review/approve')}
              onApproved={reload}
              reviewUrl={url('recovery-review')}
            />
          )}
          {overview.status === 'suspended' && overview.suspensionReason !== 'recoveryReview' && (
            <div
              aria-label={t('unblockAccount')}
              className="backoffice-account-security-panel__unblock"
              role="region"
            >
              <p>{t('unblockAccountDescription')}</p>
              {actionButton(t('unblockAccount'), unblockAction, { 'aria-busy': running })}
            </div>
          )}
          <h3 className="backoffice-account-security-panel__subheading" id={actionsId}>
            {t('securityPanelActions')}
          </h3>
          <div
            aria-busy={running}
            aria-labelledby={actionsId}
            className="backoffice-account-security-panel__actions"
            role="group"
          >
            {overview.status !== 'suspended' &&
              actionButton(t('suspendAccount'), {
                body: t('suspendAccountBody', { email }),
                busy: t('suspendAccountBusy'),
                confirm: t('suspendAccount'),
                heading: t('suspendAccountTitle'),
                success: t('suspendAccountSuccess'),
                target: url('suspend'),
              })}
            {hasSecondFactor &&
              actionButton(t('resetTwoFactor'), {
                // The reset review's own words: the same reset, the same consequences.
                body: t('resetReviewApproveBody', { email }),
                busy: t('resetTwoFactorBusy'),
                confirm: t('resetTwoFactor'),
                heading: t('resetTwoFactorTitle'),
                success: t('resetTwoFactorSuccess'),
                target: url('reset-two-factor'),
              })}
            {overview.canSendResetLink &&
              actionButton(t('sendResetLink'), {
                body: t('sendResetLinkBody', { email }),
                busy: t('sendResetLinkBusy'),
                confirm: t('sendResetLinkConfirm'),
                heading: t('sendResetLinkTitle'),
                success: t('sendResetLinkSuccess', { email }),
                target: url('send-password-reset'),
              })}
          </div>
          {proofFor && (
            <ConfirmPasswordPrompt
              apiRoute={apiRoute}
              confirmation={confirmation}
              intro={t('sudoPromptInline')}
              onConfirmed={() => {
                setProofFor(null)
                void run(proofFor)
              }}
              serverURL={serverURL}
              usersCollection={usersCollection}
            />
          )}
          {chosen && (
            <ReviewDecisionDialog
              body={chosen.body}
              confirmingLabel={chosen.busy}
              confirmLabel={chosen.confirm}
              heading={chosen.heading}
              onConfirm={() => run(chosen)}
              slug={dialogSlug}
            />
          )}
        </>
      )}
      <SessionsField enabled={enabled} usersCollection={usersCollection} />
    </section>
  )
}
