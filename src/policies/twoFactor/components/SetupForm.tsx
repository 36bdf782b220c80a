'use client'

import { Button, useTranslation } from '@payloadcms/ui'
import { useSearchParams } from 'next/navigation.js'
import { formatAdminURL } from 'payload/shared'
import { useEffect, useRef, useState } from 'react'

import type { ProviderConfirmation } from '../../sudo/providerConfirmation.js'

import { callBackoffice } from '../../../shared/components/client/backofficeFetch.js'
import { localPath, withRedirect } from '../../../shared/components/client/loginOutcome.js'
import { continueSignedIn } from '../../../shared/components/client/PendingToast.js'
import { SignInAlert } from '../../../shared/components/client/SignInAlert.js'
import { toastError } from '../../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { ConfirmPasswordPrompt } from '../../sudo/components/ConfirmPasswordPrompt.js'
import '../../../shared/components/backoffice.css'
import '../lib/twoFactorStyles.css'
import { OneTimeCodeInput } from './OneTimeCodeInput.js'
import { RecoveryCodesSheet } from './RecoveryCodesSheet.js'
import { retryDelayMs } from './retryDelay.js'
import { TotpSecretDisplay } from './TotpSecretDisplay.js'
import { useOneTimeCodeForm } from './useOneTimeCodeForm.js'

type Props = {
  /** The account page's route under the admin, where recovery codes are offered after enrolment. */
  accountRoute: string
  adminRoute: string
  apiRoute: string
  /** How an account of a single sign-on provider confirms itself for sudo mode. */
  confirmation: null | ProviderConfirmation
  serverURL: string
  usersCollection: string
}

/** `afterApprovedReset`: an administrator's approval of a reset request is why this setup is asked. */
type Setup = { accountName: string; afterApprovedReset: boolean; qrCode: string; secret: string }

/**
 * Enrolment: asks the server for a new secret on arrival (QR code and the secret as text), then for
 * a code from the app, sent as soon as the sixth digit is typed or with "Turn on two-factor
 * authentication"; Cancel goes back to the account page. Nothing
 * to set up goes to the admin root; a setup that fails to load says so and goes there after 3 s. A
 * wrong code allows the next try after 3 s. Success answers with the account's first recovery codes,
 * shown here as the setup's last step (a way back in should the phone be lost; GitHub makes saving
 * them part of the setup): once they are kept and "I have saved these codes" is clicked, it goes on
 * like a completed sign-in, to where a `redirect` parameter (only a path on this site) was headed,
 * else the account page. An account that already held codes goes on at once.
 */
export const SetupForm = ({
  accountRoute,
  adminRoute,
  apiRoute,
  confirmation,
  serverURL,
  usersCollection,
}: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const [setup, setSetup] = useState<null | Setup>(null)
  // The server asks a signed-in user for a fresh password first (sudo mode): the prompt shows, and
  // the setup is asked for again once it is confirmed.
  const [needsProof, setNeedsProof] = useState(false)
  const [attemptNo, setAttemptNo] = useState(0)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // Where the sign-in was headed, carried past the recovery codes, which go on there once saved.
  const redirect = useSearchParams().get('redirect')
  const endpoint = (path: string) =>
    formatAdminURL({ apiRoute, path: `/${usersCollection}/mfa/totp/${path}`, serverURL })
  // The recovery codes the accepted code came with, shown until saved.
  const [issued, setIssued] = useState<null | string[]>(null)
  const accountURL = formatAdminURL({ adminRoute, path: accountRoute as `/${string}` })
  const successTarget = localPath(redirect) ?? accountURL
  const { busy, change, code, codeInput, complete, phase, refusal, submit } = useOneTimeCodeForm({
    adminRoute,
    onAccepted: (answer) => {
      const codes = (answer.body as { recoveryCodes?: unknown } | null)?.recoveryCodes
      if (!Array.isArray(codes) || codes.length === 0) {
        return false
      }
      setIssued(codes.filter((one): one is string => typeof one === 'string'))
      return true
    },
    send: (value) =>
      callBackoffice(endpoint('finish-enrollment'), {
        body: { code: value },
        language: i18n.language,
        t,
      }),
    successTarget,
  })

  useEffect(() => {
    let cancelled = false
    const giveUp = () => {
      toastError(t('twoFactorSetupFetchFailed'))
      timer.current = setTimeout(() => window.location.assign(adminRoute), retryDelayMs)
    }
    void callBackoffice(endpoint('setup'), { cache: 'no-store', language: i18n.language, t }).then(
      ({ body, code, ok }) => {
        const setupBody = body as {
          abort?: boolean
          accountName?: string
          afterApprovedReset?: boolean
          qrCode?: string
          secret?: string
        } | null
        if (cancelled) {
          return
        }
        if (code === 'REAUTHENTICATION_REQUIRED') {
          setNeedsProof(true)
        } else if (ok && setupBody?.abort) {
          window.location.assign(adminRoute)
        } else if (ok && setupBody?.qrCode && setupBody.secret) {
          setSetup({
            accountName: setupBody.accountName ?? '',
            afterApprovedReset: setupBody.afterApprovedReset === true,
            qrCode: setupBody.qrCode,
            secret: setupBody.secret,
          })
        } else {
          giveUp()
        }
      },
    )
    return () => {
      cancelled = true
      clearTimeout(timer.current)
    }
    // Once per visit (and once more after a confirmed password): each request replaces the pending
    // secret. (`useEffectEvent` would express this, but the React that Next 15.4 bundles does not have it.)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately run once per attempt, see above
  }, [attemptNo])

  if (issued) {
    return (
      <div className="backoffice-two-factor-column">
        <div className="form-header">
          <h1 tabIndex={-1}>{t('recoveryCodesSetupStepHeading')}</h1>
          <p dir="auto" id="backoffice-setup-codes-intro">
            {t('recoveryCodesSetupStepIntro')}
          </p>
        </div>
        <RecoveryCodesSheet
          accountName={setup?.accountName ?? ''}
          codes={issued}
          onSaved={() => continueSignedIn(successTarget, t('twoFactorAccountActivated'))}
        />
      </div>
    )
  }

  return (
    <form
      aria-busy={busy || !setup}
      aria-describedby={refusal ? 'backoffice-sign-in-alert' : undefined}
      className="backoffice-two-factor-column"
      onSubmit={submit}
    >
      <div className="form-header">
        <h1>{t('twoFactorSetupHeading')}</h1>
        {setup?.afterApprovedReset ? (
          <p id="backoffice-setup-after-reset">{t('twoFactorSetupAfterReset')}</p>
        ) : null}
        <p>{t('twoFactorSetupSubheading')}</p>
      </div>
      <SignInAlert id="backoffice-sign-in-alert" refusal={refusal} />
      {setup ? (
        <>
          <TotpSecretDisplay qrCode={setup.qrCode} secret={setup.secret} />
          <fieldset className="backoffice-field-stack" disabled={busy}>
            <OneTimeCodeInput
              disabled={busy}
              id="backoffice-totp-code"
              inputRef={codeInput}
              onChange={change}
              value={code}
            />
          </fieldset>
          <Button
            disabled={busy || !complete}
            id="backoffice-totp-activate"
            size="large"
            type="submit"
          >
            {phase === 'sending' ? t('twoFactorActivating') : t('twoFactorActivate')}
          </Button>
          {/* Leaving changes nothing: the key is only kept once a code from it is entered. */}
          <Button
            buttonStyle="secondary"
            disabled={busy}
            el="link"
            size="large"
            url={withRedirect(accountURL, redirect)}
          >
            {t('twoFactorSetupCancel')}
          </Button>
        </>
      ) : needsProof ? (
        <ConfirmPasswordPrompt
          apiRoute={apiRoute}
          confirmation={confirmation}
          intro={t('sudoPromptInline')}
          onConfirmed={() => {
            setNeedsProof(false)
            setAttemptNo((n) => n + 1)
          }}
          serverURL={serverURL}
          usersCollection={usersCollection}
        />
      ) : (
        <p aria-live="polite">{t('twoFactorSetupLoading')}</p>
      )}
    </form>
  )
}
