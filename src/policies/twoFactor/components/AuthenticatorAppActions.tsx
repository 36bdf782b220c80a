'use client'

import { Button, toast, useTranslation } from '@payloadcms/ui'
import { useRouter } from 'next/navigation.js'
import { formatAdminURL } from 'payload/shared'
import { useEffect, useRef, useState } from 'react'

import type { BackofficeAnswer } from '../../../shared/components/client/backofficeFetch.js'

import { callBackoffice } from '../../../shared/components/client/backofficeFetch.js'
import { toastError } from '../../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { useHydrated } from '../../../shared/components/client/useHydrated.js'
import { useSudoConfirmation } from '../../sudo/components/sudoConfirmation.js'
import { totpParameters } from '../constants.js'
import '../../../shared/components/backoffice.css'
import '../lib/twoFactorStyles.css'
import './AuthenticatorAppActions.css'
import { OneTimeCodeInput } from './OneTimeCodeInput.js'
import { TotpSecretDisplay } from './TotpSecretDisplay.js'

type Props = {
  apiRoute: string
  /** Whether the account may turn the app off (its role does not require it, or a passkey remains). */
  removable: boolean
  serverURL: string
  usersCollection: string
}

type Mode = 'remove' | 'replace'
type Stage = { kind: 'prove' } | { kind: 'scan'; qrCode: string; secret: string }

/**
 * "Replace" and "Remove" beside "Authenticator app: On" (GitHub's "Edit" and "Disable"). Both first
 * ask for the app's current code, or a recovery code for a phone already gone, and confirm it's
 * the person in the page's dialog when the session's proof is stale (sudo mode). Replace then shows
 * a new QR code and asks for a code from the new app, which takes over only then; Remove turns the
 * app off, or, where the role must keep a second factor and no passkey would remain, is not offered
 * and says why. The sections then refresh in place. Not a `<form>`: it sits inside the account's own
 * form; every button is `type="button"`.
 */
export const AuthenticatorAppActions = ({
  apiRoute,
  removable,
  serverURL,
  usersCollection,
}: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const router = useRouter()
  const confirmIt = useSudoConfirmation()
  const hydrated = useHydrated()
  const [mode, setMode] = useState<Mode | null>(null)
  const [stage, setStage] = useState<Stage>({ kind: 'prove' })
  const [useRecovery, setUseRecovery] = useState(false)
  const [code, setCode] = useState('')
  const [recoveryCode, setRecoveryCode] = useState('')
  const [busy, setBusy] = useState(false)
  const field = useRef<HTMLInputElement>(null)

  // The field the person types in next takes the focus when a step opens or changes.
  useEffect(() => {
    if (mode) {
      field.current?.focus()
    }
  }, [mode, stage.kind, useRecovery])

  const endpoint = (path: string) =>
    formatAdminURL({ apiRoute, path: `/${usersCollection}/mfa/totp/${path}`, serverURL })

  const reset = () => {
    setMode(null)
    setStage({ kind: 'prove' })
    setUseRecovery(false)
    setCode('')
    setRecoveryCode('')
  }

  /** Sends, and once more after "Confirm it's you" when the session's proof was stale. */
  const send = async (path: string, body: Record<string, string>): Promise<BackofficeAnswer> => {
    const answer = await callBackoffice(endpoint(path), {
      body,
      language: i18n.language,
      method: 'POST',
      t,
    })
    if (answer.code === 'REAUTHENTICATION_REQUIRED' && confirmIt && (await confirmIt())) {
      return send(path, body)
    }
    return answer
  }

  const refused = (answer: BackofficeAnswer) => {
    if (answer.code !== 'REAUTHENTICATION_REQUIRED') {
      toastError(answer.message ?? t('loginBackendProblem', { status: String(answer.status) }))
    }
    setCode('')
    setRecoveryCode('')
  }

  const proofReady = useRecovery
    ? recoveryCode.trim() !== ''
    : code.length === totpParameters.digits
  const scanReady = code.length === totpParameters.digits

  const submit = async () => {
    if (!mode || busy) {
      return
    }
    setBusy(true)
    try {
      if (stage.kind === 'scan') {
        const answer = await send('replace/finish', { code })
        if (answer.ok) {
          toast.success(t('twoFactorAppReplaced'))
          reset()
          router.refresh()
        } else {
          refused(answer)
        }
        return
      }
      const proof: Record<string, string> = useRecovery ? { recoveryCode } : { code }
      const answer = await send(mode === 'replace' ? 'replace' : 'remove', proof)
      const body = answer.body as { qrCode?: string; secret?: string } | null
      if (!answer.ok) {
        refused(answer)
      } else if (mode === 'replace' && body?.qrCode && body.secret) {
        setCode('')
        setStage({ kind: 'scan', qrCode: body.qrCode, secret: body.secret })
      } else {
        toast.success(t('twoFactorAppRemoved'))
        reset()
        router.refresh()
      }
    } finally {
      setBusy(false)
    }
  }

  if (!mode) {
    return (
      <div className="backoffice-two-factor-row backoffice-two-factor-row--wrap">
        <Button
          buttonStyle="secondary"
          disabled={!hydrated}
          id="backoffice-totp-replace"
          onClick={() => setMode('replace')}
          size="small"
          type="button"
        >
          {t('twoFactorAppReplace')}
        </Button>
        {removable && (
          <Button
            buttonStyle="secondary"
            disabled={!hydrated}
            id="backoffice-totp-remove"
            onClick={() => setMode('remove')}
            size="small"
            type="button"
          >
            {t('twoFactorAppRemove')}
          </Button>
        )}
      </div>
    )
  }

  const headingId = 'backoffice-totp-manage-heading'
  return (
    <div
      aria-busy={busy}
      aria-labelledby={headingId}
      className="backoffice-totp-manage backoffice-field-stack"
      role="group"
    >
      <h4 dir="auto" id={headingId}>
        {mode === 'replace' ? t('twoFactorAppReplaceHeading') : t('twoFactorAppRemoveHeading')}
      </h4>
      {stage.kind === 'scan' ? (
        <>
          <p dir="auto">{t('twoFactorAppReplaceScan')}</p>
          <TotpSecretDisplay qrCode={stage.qrCode} secret={stage.secret} />
          <OneTimeCodeInput
            disabled={busy}
            id="backoffice-totp-new-code"
            inputRef={field}
            label={t('twoFactorAppNewCodeLabel')}
            onChange={setCode}
            required={false}
            value={code}
          />
        </>
      ) : (
        <>
          <p dir="auto" id="backoffice-totp-manage-intro">
            {mode === 'replace' ? t('twoFactorAppReplaceIntro') : t('twoFactorAppRemoveIntro')}
          </p>
          {useRecovery ? (
            <div className="field-type text">
              <label className="field-label" htmlFor="backoffice-totp-manage-recovery">
                {t('recoveryCodeLabel')}
              </label>
              <div className="field-type__wrap">
                <input
                  autoCapitalize="off"
                  autoComplete="off"
                  className="backoffice-recovery-code-input"
                  disabled={busy}
                  id="backoffice-totp-manage-recovery"
                  maxLength={64}
                  onChange={(event) => setRecoveryCode(event.target.value)}
                  placeholder="xxxx-xxxx-xxxx-xxxx-xxxx-xxxx"
                  ref={field}
                  spellCheck={false}
                  type="text"
                  value={recoveryCode}
                />
              </div>
            </div>
          ) : (
            <OneTimeCodeInput
              disabled={busy}
              id="backoffice-totp-manage-code"
              inputRef={field}
              label={t('twoFactorAppCurrentCodeLabel')}
              onChange={setCode}
              required={false}
              value={code}
            />
          )}
          <div>
            <button
              className="btn btn--style-none backoffice-link-button backoffice-totp-manage__switch"
              disabled={busy}
              onClick={() => setUseRecovery((now) => !now)}
              type="button"
            >
              {useRecovery ? t('recoveryCodeUseAuthenticator') : t('recoveryCodeUseInstead')}
            </button>
          </div>
        </>
      )}
      <div className="backoffice-two-factor-row backoffice-two-factor-row--wrap">
        <Button
          buttonStyle={mode === 'remove' ? 'error' : 'primary'}
          disabled={busy || !(stage.kind === 'scan' ? scanReady : proofReady)}
          id="backoffice-totp-manage-submit"
          onClick={() => void submit()}
          size="medium"
          type="button"
        >
          {busy
            ? t('twoFactorAppWorking')
            : stage.kind === 'scan'
              ? t('twoFactorAppUseNew')
              : mode === 'replace'
                ? t('twoFactorAppContinue')
                : t('twoFactorAppRemoveConfirm')}
        </Button>
        <Button buttonStyle="secondary" disabled={busy} onClick={reset} size="medium" type="button">
          {t('twoFactorSetupCancel')}
        </Button>
      </div>
    </div>
  )
}
