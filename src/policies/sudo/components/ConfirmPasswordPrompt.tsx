'use client'

import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import type { KeyboardEvent } from 'react'

import { Button, toast, useForm, useFormSubmitted, useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useId, useState } from 'react'

import type { ProviderConfirmation } from '../providerConfirmation.js'

import '../../../shared/components/backoffice.css'
import { callBackoffice } from '../../../shared/components/client/backofficeFetch.js'
import { getPasskey } from '../../../shared/components/client/passkeyBrowser.js'
import { toastError } from '../../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { PasswordInput } from '../../passwordPolicy/components/PasswordInput.js'
import './ConfirmPasswordPrompt.css'
import { ConfirmWithProviderPrompt } from './ConfirmWithProviderPrompt.js'

type Props = {
  apiRoute: string
  /**
   * The account has the authenticator app on: its current code may confirm instead of the password
   * (GitHub's sudo mode takes either), sent to `mfa/confirm-code`.
   */
  appCode?: boolean
  /**
   * For an account of a single sign-on provider (no password here): a fresh sign-in there instead,
   * coming back to this page (see providerConfirmation.ts).
   */
  confirmation?: null | ProviderConfirmation
  /** What the prompt is for, shown above the password. */
  intro: string
  /**
   * The account has a passkey and passkeys work on this server: the browser's passkey may confirm
   * instead (GitHub's sudo mode takes one), sent to `mfa/passkeys/confirm`.
   */
  passkey?: boolean
  /**
   * The account has unused recovery codes: one of them may confirm instead (a phone already gone),
   * sent to `mfa/confirm-code` and used up there.
   */
  recoveryCode?: boolean
  /** Shown beside Confirm, in the same row, when given (the dialog's Cancel). */
  onCancel?: () => void
  /** Called once the password is confirmed: the caller retries what was refused. */
  onConfirmed?: () => void
  serverURL: string
  /** A heading of its own (the account page's section) or none (inline, under a refused action). */
  title?: string
  usersCollection: string
}

type Method = 'code' | 'passkey' | 'password' | 'recovery'

/**
 * "Confirm it's you": the current password, sent to `confirm-password`, or with the app on its current
 * code, or with recovery codes left one of them, sent to `mfa/confirm-code`, or with a passkey the
 * browser's passkey prompt, sent to `mfa/passkeys/confirm`, after which the session may
 * make sensitive changes for a few minutes (sudo mode). Not a `<form>`: it sits inside the account's
 * own form (or the enrolment form), and a nested form is invalid HTML whose submit would save the
 * account; Enter in the input confirms instead. While the request runs the input and button are
 * disabled; success says so and calls `onConfirmed`, a refusal shows the server's message.
 */
export const ConfirmPasswordPrompt = ({ confirmation, ...props }: Props) =>
  confirmation ? (
    <ConfirmWithProviderPrompt
      confirmation={confirmation}
      intro={props.intro}
      title={props.title}
    />
  ) : (
    <ConfirmPassword {...props} />
  )

const ConfirmPassword = ({
  apiRoute,
  appCode = false,
  intro,
  onCancel,
  onConfirmed,
  passkey: passkeyOffered = false,
  recoveryCode: recoveryCodeOffered = false,
  serverURL,
  title,
  usersCollection,
}: Omit<Props, 'confirmation'>) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  // The form around the prompt, when there is one (the account's); outside a form, both are empty.
  const { setModified } = useForm()
  const saveWasRefused = useFormSubmitted()
  const id = useId()
  const [password, setPassword] = useState('')
  const [method, setMethod] = useState<Method>('password')
  const [code, setCode] = useState('')
  const [recoveryCode, setRecoveryCode] = useState('')
  // The other ways this account can confirm, each offered as a link under the field.
  const others = (
    [
      ['password', true, t('sudoUsePassword')],
      ['passkey', passkeyOffered, t('sudoUsePasskey')],
      ['code', appCode, t('sudoUseCode')],
      ['recovery', recoveryCodeOffered, t('sudoUseRecoveryCode')],
    ] as const
  ).filter(([other, offered]) => offered && other !== method)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<null | string>(null)

  const confirm = async () => {
    if (pending || !ready) {
      return
    }
    setPending(true)
    setError(null)
    const url = (path: string) =>
      formatAdminURL({ apiRoute, path: `/${usersCollection}/${path}`, serverURL })
    const answer =
      method === 'passkey'
        ? await confirmWithPasskey(url)
        : await callBackoffice(
            url(method === 'password' ? 'confirm-password' : 'mfa/confirm-code'),
            {
              body:
                method === 'code'
                  ? { code }
                  : method === 'recovery'
                    ? { recoveryCode }
                    : { password },
              language: i18n.language,
              t,
            },
          )
    setPending(false)
    if (answer === null) {
      // The browser's passkey prompt was closed or is missing: nothing was sent, nothing changed.
      setError(t('sudoPasskeyCancelled'))
      return
    }
    if (answer.ok) {
      setPassword('')
      setCode('')
      setRecoveryCode('')
      const message = (answer.body as { message?: unknown } | null)?.message
      toast.success(typeof message === 'string' ? message : t('sudoSubmit'))
      // Payload's form counts a refused save as saved and disables its Save button until a field
      // changes: the refused change is still unsaved, so Save works again without retyping it.
      if (saveWasRefused) {
        setModified?.(true)
      }
      onConfirmed?.()
      return
    }
    const message = answer.message ?? t('loginBackendProblem', { status: String(answer.status) })
    setCode('')
    setRecoveryCode('')
    setError(message)
    toastError(message)
  }

  /** The options, the browser's passkey prompt, then its answer; null when the prompt gave none. */
  const confirmWithPasskey = async (url: (path: string) => string) => {
    const asked = await callBackoffice(url('mfa/passkeys/confirm-options'), {
      language: i18n.language,
      method: 'POST',
      t,
    })
    if (!asked.ok) {
      return asked
    }
    const prompt = await getPasskey(asked.body as unknown as PublicKeyCredentialRequestOptionsJSON)
    if (!prompt.ok) {
      return null
    }
    return callBackoffice(url('mfa/passkeys/confirm'), {
      body: { response: prompt.response },
      language: i18n.language,
      t,
    })
  }

  // The passkey needs nothing typed: the browser's own prompt asks for it.
  const ready =
    method === 'passkey'
      ? true
      : method === 'code'
        ? /^\d{6}$/.test(code)
        : method === 'recovery'
          ? recoveryCode.trim() !== ''
          : password !== ''
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      void confirm()
    }
  }

  const body = (
    <div
      aria-busy={pending}
      aria-describedby={`${id}-intro`}
      aria-labelledby={title ? `${id}-title` : undefined}
      className="backoffice-confirm-password backoffice-confirm-password-prompt"
      role="group"
    >
      <p id={`${id}-intro`}>{intro}</p>
      {method === 'passkey' ? (
        <p dir="auto" id={`${id}-passkey`}>
          {t('sudoPasskeyHint')}
        </p>
      ) : method === 'code' ? (
        <div className="field-type text">
          <label className="field-label" htmlFor={`${id}-code`}>
            {t('sudoCodeLabel')}
          </label>
          <div className="field-type__wrap">
            <input
              aria-describedby={error ? `${id}-error` : undefined}
              aria-invalid={error !== null}
              autoComplete="one-time-code"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- chosen a moment ago: the code is what it asks for now
              autoFocus
              disabled={pending}
              id={`${id}-code`}
              inputMode="numeric"
              maxLength={6}
              name="confirmCode"
              onChange={(event) => {
                setCode(event.target.value.replace(/\D/g, '').slice(0, 6))
                setError(null)
              }}
              onKeyDown={onEnter}
              type="text"
              value={code}
            />
          </div>
        </div>
      ) : method === 'recovery' ? (
        <div className="field-type text">
          <label className="field-label" htmlFor={`${id}-recovery`}>
            {t('recoveryCodeLabel')}
          </label>
          <div className="field-type__wrap">
            <input
              aria-describedby={error ? `${id}-error` : undefined}
              aria-invalid={error !== null}
              autoCapitalize="off"
              autoComplete="off"
              className="backoffice-confirm-password-prompt__recovery-code"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- chosen a moment ago: the code is what it asks for now
              autoFocus
              dir="ltr"
              disabled={pending}
              id={`${id}-recovery`}
              maxLength={64}
              name="confirmRecoveryCode"
              onChange={(event) => {
                setRecoveryCode(event.target.value)
                setError(null)
              }}
              onKeyDown={onEnter}
              placeholder="xxxx-xxxx-xxxx-xxxx-xxxx-xxxx"
              spellCheck={false}
              type="text"
              value={recoveryCode}
            />
          </div>
        </div>
      ) : (
        <PasswordInput
          autoComplete="current-password"
          describedBy={error ? `${id}-error` : undefined}
          disabled={pending}
          id={`${id}-password`}
          invalid={error !== null}
          label={t('sudoPasswordLabel')}
          name="confirmPassword"
          onChange={(value) => {
            setPassword(value)
            setError(null)
          }}
          onEnter={() => void confirm()}
          required
          value={password}
        />
      )}
      {others.map(([other, , label]) => (
        <button
          className="btn btn--style-none backoffice-confirm-password-prompt__switch"
          disabled={pending}
          id={`${id}-use-${other}`}
          key={other}
          onClick={() => {
            setMethod(other)
            setError(null)
          }}
          type="button"
        >
          {label}
        </button>
      ))}
      {error && (
        <p id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <div className="backoffice-confirm-password-prompt__buttons">
        <Button
          buttonStyle="primary"
          disabled={pending || !ready}
          onClick={() => void confirm()}
          size="medium"
          type="button"
        >
          {pending ? t('sudoSubmitting') : t('sudoSubmit')}
        </Button>
        {onCancel && (
          <Button buttonStyle="secondary" onClick={onCancel} size="medium" type="button">
            {t('sudoCancel')}
          </Button>
        )}
      </div>
    </div>
  )
  if (!title) {
    return body
  }
  return (
    <section aria-labelledby={`${id}-title`} className="backoffice-section">
      <h3 id={`${id}-title`}>{title}</h3>
      {body}
    </section>
  )
}
