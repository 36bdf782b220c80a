'use client'

import type { FormEvent } from 'react'

import { Button, Drawer, toast, useConfig, useModal, useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useId, useState } from 'react'

import type { PublicPasswordPolicy } from '../../../policies/passwordPolicy/publicPolicy.js'

import { ConfirmPasswordField } from '../../../policies/passwordPolicy/components/ConfirmPasswordField.js'
import { NewPasswordField } from '../../../policies/passwordPolicy/components/NewPasswordField.js'
import { PasswordInput } from '../../../policies/passwordPolicy/components/PasswordInput.js'
import '../../../shared/components/backoffice.css'
import { callBackoffice } from '../../../shared/components/client/backofficeFetch.js'
import { loginOutcomeOf } from '../../../shared/components/client/loginOutcome.js'
import { toastError } from '../../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { useHydrated } from '../../../shared/components/client/useHydrated.js'
import './ChangePasswordDrawer.css'

type Props = {
  policy: PublicPasswordPolicy
  /** The account's email and name: a new password containing them is weaker. */
  userInputs: string[]
  usersCollection: string
}

const changePasswordDrawerSlug = 'backoffice-change-password'

/**
 * The account page's password section: a button opening a drawer with the current password (never
 * validated), the new one (with the policy's rules) and its confirmation (checked in the browser:
 * nothing is sent while the two differ), sent to the change-password endpoint. While
 * the request runs, both fields and the submit are disabled; on success both are emptied, the drawer
 * closes and "Password changed successfully" shows. Closing the drawer forgets what was typed.
 */
export const ChangePasswordDrawer = ({ policy, userInputs, usersCollection }: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const { closeModal, isModalOpen, openModal } = useModal()
  const {
    config: {
      routes: { admin: adminRoute, api: apiRoute },
      serverURL,
    },
  } = useConfig()
  const headingId = useId()
  // The server's HTML shows before this code has loaded: the button waits, disabled, until it has.
  const hydrated = useHydrated()
  const [currentPassword, setCurrentPassword] = useState('')
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  // Judged once a submit was tried, then as the person types.
  const [tried, setTried] = useState(false)
  const [pending, setPending] = useState(false)
  const mismatch = tried && confirmation !== password ? t('errorPasswordsDoNotMatch') : null
  const open = isModalOpen(changePasswordDrawerSlug)
  // Closing the drawer forgets what was typed: reset in the render that first sees it closed, React's
  // way for state that follows a value, rather than in an effect that costs a second render.
  const [wasOpen, setWasOpen] = useState(open)
  if (open !== wasOpen) {
    setWasOpen(open)
    if (!open) {
      setCurrentPassword('')
      setPassword('')
      setConfirmation('')
      setTried(false)
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    // The drawer is portalled out of the account form in the DOM but not in React's tree, where events
    // still bubble: without this, Payload's document form would take the submit and save the account.
    event.stopPropagation()
    setTried(true)
    if (confirmation !== password) {
      // Nothing is sent while the two differ.
      return
    }
    setPending(true)
    const answer = await callBackoffice(
      formatAdminURL({ apiRoute, path: `/${usersCollection}/change-password`, serverURL }),
      { body: { currentPassword, password }, language: i18n.language, t },
    )
    if (answer.ok) {
      setCurrentPassword('')
      setPassword('')
      setConfirmation('')
      setTried(false)
      closeModal(changePasswordDrawerSlug)
      toast.success(t('changePasswordSuccess'))
    } else {
      const outcome = loginOutcomeOf(answer, { adminRoute, redirect: null, t })
      toastError(outcome.kind === 'error' ? outcome.message : String(answer.status))
    }
    setPending(false)
  }

  return (
    <section
      aria-busy={!hydrated}
      aria-labelledby={headingId}
      className="backoffice-change-password backoffice-section"
    >
      <h3 dir="auto" id={headingId}>
        {t('changePasswordHeading')}
      </h3>
      <p dir="auto">{t('changePasswordDescription')}</p>
      <Button
        buttonStyle="secondary"
        disabled={!hydrated}
        id="backoffice-change-password-open"
        onClick={() => openModal(changePasswordDrawerSlug)}
        size="medium"
        type="button"
      >
        {t('changePasswordButton')}
      </Button>
      <Drawer slug={changePasswordDrawerSlug} title={t('changePasswordDrawerTitle')}>
        <form aria-busy={pending} className="backoffice-change-password__form" onSubmit={submit}>
          <fieldset className="backoffice-field-stack" disabled={pending}>
            <PasswordInput
              autoComplete="current-password"
              disabled={pending}
              id="backoffice-current-password"
              label={t('changePasswordCurrent')}
              name="currentPassword"
              onChange={setCurrentPassword}
              required
              value={currentPassword}
            />
            <NewPasswordField
              currentPassword={currentPassword}
              disabled={pending}
              id="backoffice-new-password"
              label={t('changePasswordNew')}
              name="password"
              onChange={setPassword}
              policy={policy}
              required
              userInputs={userInputs}
              value={password}
            />
            <ConfirmPasswordField
              disabled={pending}
              error={mismatch}
              id="backoffice-confirm-password"
              name="confirm-password"
              onChange={setConfirmation}
              value={confirmation}
            />
          </fieldset>
          <div>
            <Button
              disabled={pending || !currentPassword || !password || !confirmation}
              size="large"
              type="submit"
            >
              {pending ? t('changePasswordSubmitting') : t('changePasswordSubmit')}
            </Button>
          </div>
        </form>
      </Drawer>
    </section>
  )
}
