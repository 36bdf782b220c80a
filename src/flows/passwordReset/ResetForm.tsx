'use client'

import type { FormEvent } from 'react'

import { Button, toast, useAuth, useTranslation } from '@payloadcms/ui'
import { useRouter } from 'next/navigation.js'
import { useState } from 'react'

import type { PublicPasswordPolicy } from '../../policies/passwordPolicy/publicPolicy.js'

import { ConfirmPasswordField } from '../../policies/passwordPolicy/components/ConfirmPasswordField.js'
import { NewPasswordField } from '../../policies/passwordPolicy/components/NewPasswordField.js'
import { callBackoffice } from '../../shared/components/client/backofficeFetch.js'
import { toastError } from '../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../shared/components/client/useBackofficeTranslation.js'
import '../../shared/components/backoffice.css'
import './ResetForm.css'
import { resetOutcome } from './resetOutcome.js'

type Props = {
  adminRoute: string
  apiRoute: string
  policy: PublicPasswordPolicy
  serverURL: string
  token: string
  /** The account's own email and name, which make a password weaker (the server checks them too). */
  userInputs: string[]
  usersCollection: string
}

/**
 * The reset-password form: the new password with the policy's rules checklist and meter, its
 * confirmation (checked in the browser: nothing is sent while the two differ), and a submit button; both are disabled while the request runs and enabled again whatever its
 * outcome. On success the signed-in user is fetched afresh and the page moves on as `resetOutcome` says.
 */
export const ResetForm = ({
  adminRoute,
  apiRoute,
  policy,
  serverURL,
  token,
  userInputs,
  usersCollection,
}: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const { fetchFullUser } = useAuth()
  const router = useRouter()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  // Judged once a submit was tried, then as the person types, so the message does not greet them
  // while they are still typing the confirmation for the first time.
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const mismatch = tried && confirmation !== password ? t('errorPasswordsDoNotMatch') : null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (confirmation !== password) {
      // Nothing is sent: a slip in a hidden password would lock the person out again.
      return
    }
    setBusy(true)
    const answer = await callBackoffice(
      `${serverURL}${apiRoute}/${usersCollection}/reset-password`,
      { body: { password, token }, language: i18n.language, t },
    )
    const outcome = resetOutcome(answer, { adminRoute, t })
    if (outcome.kind === 'error') {
      toastError(outcome.message)
    } else {
      // The answer set the session cookie: the admin's idea of who is signed in follows it.
      await fetchFullUser()
      if (outcome.announce) {
        toast.success(t('resetPasswordUpdatedSuccessfully'))
      }
      router.push(outcome.to)
    }
    setBusy(false)
  }

  return (
    <form aria-busy={busy} className="backoffice-reset-password-form" onSubmit={submit}>
      <fieldset
        className="backoffice-field-stack backoffice-reset-password-form__fieldset"
        disabled={busy}
      >
        <NewPasswordField
          autoFocus
          disabled={busy}
          id="field-password"
          label={t('resetPasswordNewPasswordLabel')}
          name="password"
          onChange={setPassword}
          policy={policy}
          required
          userInputs={userInputs}
          value={password}
        />
        <ConfirmPasswordField
          disabled={busy}
          error={mismatch}
          id="field-confirm-password"
          name="confirm-password"
          onChange={setConfirmation}
          value={confirmation}
        />
      </fieldset>
      <Button disabled={busy} size="large" type="submit">
        {busy ? t('resetPasswordSubmitting') : t('resetPasswordSubmit')}
      </Button>
    </form>
  )
}
