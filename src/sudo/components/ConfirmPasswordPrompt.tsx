'use client'

import type { CSSProperties } from 'react'

import { Button, toast, useForm, useFormSubmitted, useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useId, useState } from 'react'

import type { ProviderConfirmation } from '../providerConfirmation.js'

import { callBackoffice } from '../../components/client/backofficeFetch.js'
import { toastError } from '../../components/client/toastError.js'
import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'
import { PasswordInput } from '../../passwordPolicy/components/PasswordInput.js'
import { ConfirmWithProviderPrompt } from './ConfirmWithProviderPrompt.js'

type Props = {
  apiRoute: string
  /**
   * For an account of a single sign-on provider (no password here): a fresh sign-in there instead,
   * coming back to this page (see providerConfirmation.ts).
   */
  confirmation?: null | ProviderConfirmation
  /** What the prompt is for, shown above the password. */
  intro: string
  /** Called once the password is confirmed: the caller retries what was refused. */
  onConfirmed?: () => void
  serverURL: string
  /** A heading of its own (the account page's section) or none (inline, under a refused action). */
  title?: string
  usersCollection: string
}

// Logical properties only (inline/block), so the layout mirrors in right-to-left languages.
const styles = {
  group: { display: 'grid', gap: 'var(--base)', maxInlineSize: '36rem' },
  section: { marginBlock: 'calc(var(--base) * 2)', textAlign: 'start' },
} satisfies Record<string, CSSProperties>

/**
 * "Confirm it's you": the current password, sent to `confirm-password`, after which the session may
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
  intro,
  onConfirmed,
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
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<null | string>(null)

  const confirm = async () => {
    if (pending || password === '') {
      return
    }
    setPending(true)
    setError(null)
    const answer = await callBackoffice(
      formatAdminURL({ apiRoute, path: `/${usersCollection}/confirm-password`, serverURL }),
      { body: { password }, language: i18n.language, t },
    )
    setPending(false)
    if (answer.ok) {
      setPassword('')
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
    setError(message)
    toastError(message)
  }

  const body = (
    <div
      aria-busy={pending}
      aria-describedby={`${id}-intro`}
      aria-labelledby={title ? `${id}-title` : undefined}
      className="backoffice-confirm-password"
      role="group"
      style={styles.group}
    >
      <p id={`${id}-intro`}>{intro}</p>
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
      {error && (
        <p id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <div>
        <Button
          buttonStyle="secondary"
          disabled={pending || password === ''}
          onClick={() => void confirm()}
          size="medium"
          type="button"
        >
          {pending ? t('sudoSubmitting') : t('sudoSubmit')}
        </Button>
      </div>
    </div>
  )
  if (!title) {
    return body
  }
  return (
    <section aria-labelledby={`${id}-title`} style={styles.section}>
      <h3 id={`${id}-title`}>{title}</h3>
      {body}
    </section>
  )
}
