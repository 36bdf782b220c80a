'use client'

import type { CSSProperties, FormEvent } from 'react'

import { Button, toast, useAuth, useTranslation } from '@payloadcms/ui'
import { useRouter } from 'next/navigation.js'
import { useState } from 'react'

import type { PublicPasswordPolicy } from '../passwordPolicy/publicPolicy.js'

import { callBackoffice } from '../components/client/backofficeFetch.js'
import { useBackofficeTranslation } from '../components/client/useBackofficeTranslation.js'
import { NewPasswordField } from '../passwordPolicy/components/NewPasswordField.js'
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

// Logical properties only (inline/block), so the form mirrors in right-to-left languages.
const styles = {
  fieldset: {
    border: 0,
    display: 'grid',
    gap: 'var(--base)',
    margin: 0,
    minInlineSize: 0,
    padding: 0,
  },
  form: { display: 'grid', gap: 'var(--base)' },
} satisfies Record<string, CSSProperties>

/**
 * The reset-password form: the new password with the policy's rules checklist and meter,
 * and a submit button; both are disabled while the request runs and enabled again whatever its
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
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    const answer = await callBackoffice(
      `${serverURL}${apiRoute}/${usersCollection}/reset-password`,
      { body: { password, token }, language: i18n.language, t },
    )
    const outcome = resetOutcome(answer, { adminRoute, t })
    if (outcome.kind === 'error') {
      toast.error(outcome.message)
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
    <form aria-busy={busy} onSubmit={submit} style={styles.form}>
      <fieldset disabled={busy} style={styles.fieldset}>
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
      </fieldset>
      <Button disabled={busy} size="large" type="submit">
        {busy ? t('resetPasswordSubmitting') : t('resetPasswordSubmit')}
      </Button>
    </form>
  )
}
