'use client'

import { Button, toast, useTranslation } from '@payloadcms/ui'
import { useSearchParams } from 'next/navigation.js'
import { formatAdminURL } from 'payload/shared'
import { useEffect, useRef, useState } from 'react'

import type { ProviderConfirmation } from '../../sudo/providerConfirmation.js'

import { callBackoffice } from '../../components/client/backofficeFetch.js'
import { withRedirect } from '../../components/client/loginOutcome.js'
import { toastError } from '../../components/client/toastError.js'
import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'
import { ConfirmPasswordPrompt } from '../../sudo/components/ConfirmPasswordPrompt.js'
import { recoveryCodesOfferParameter } from '../constants.js'
import { twoFactorStyles as styles } from '../lib/twoFactorStyles.js'
import { OneTimeCodeInput } from './OneTimeCodeInput.js'
import { retryDelayMs } from './retryDelay.js'
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
type Setup = { afterApprovedReset: boolean; qrCode: string; secret: string }

/**
 * Enrolment: asks the server for a new secret on arrival (QR code and the secret as text), then for
 * a code from the app, sent as soon as the sixth digit is typed or with "Turn on two-factor
 * authentication"; Cancel goes back to the account page. Nothing
 * to set up goes to the admin root; a setup that fails to load says so and goes there after 3 s. A
 * wrong code allows the next try after 3 s; success goes on like a completed sign-in, to the account
 * page with its recovery-codes panel open: the first second factor comes with the offer of a way
 * back in should the phone be lost. A `redirect` parameter (only a path on this site) goes along,
 * and the panel continues there once the codes are saved.
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
  const { busy, change, code, codeInput, complete, phase, submit } = useOneTimeCodeForm({
    adminRoute,
    send: (value) =>
      callBackoffice(endpoint('finish-enrollment'), {
        body: { code: value },
        language: i18n.language,
        t,
      }),
    // No toast: the account page it goes to says two-factor is on, in its recovery codes offer, and
    // two messages saying the same thing would overlap.
    successTarget: withRedirect(
      `${formatAdminURL({ adminRoute, path: accountRoute as `/${string}` })}?${recoveryCodesOfferParameter}=new`,
      redirect,
    ),
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

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(setup?.secret ?? '')
      toast.success(t('twoFactorSecretCopied'))
    } catch {
      toastError(t('twoFactorSecretCopyFailed'))
    }
  }

  return (
    <form aria-busy={busy || !setup} onSubmit={submit} style={styles.column}>
      <div className="form-header">
        <h1>{t('twoFactorSetupHeading')}</h1>
        {setup?.afterApprovedReset ? (
          <p id="backoffice-setup-after-reset">{t('twoFactorSetupAfterReset')}</p>
        ) : null}
        <p>{t('twoFactorSetupSubheading')}</p>
      </div>
      {setup ? (
        <>
          {/* A data URL made on the server: next/image would add nothing. */}
          <img alt={t('twoFactorQrCodeAlt')} src={setup.qrCode} style={styles.qrCode} />
          <div>
            <p id="backoffice-totp-secret-label">{t('twoFactorSecretLabel')}</p>
            <div style={styles.secretRow}>
              {/* In groups of four, as authenticator apps show keys, so that it can be read and typed
                  without losing one's place; the groups are spans, so a copy is the key itself. */}
              <code
                aria-labelledby="backoffice-totp-secret-label"
                className="backoffice-totp-secret"
                data-testid="totp-secret"
                dir="ltr"
                style={styles.secret}
              >
                {setup.secret.match(/.{1,4}/g)?.map((group, index) => (
                  <span key={index} style={styles.secretGroup}>
                    {group}
                  </span>
                ))}
              </code>
              <Button buttonStyle="secondary" onClick={copySecret} size="small" type="button">
                {t('twoFactorSecretCopy')}
              </Button>
            </div>
          </div>
          <fieldset disabled={busy} style={styles.fieldset}>
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
            url={withRedirect(
              formatAdminURL({ adminRoute, path: accountRoute as `/${string}` }),
              redirect,
            )}
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
