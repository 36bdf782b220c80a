'use client'

import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import './ConfirmPasswordField.css'
import { PasswordInput } from './PasswordInput.js'

type Props = {
  disabled?: boolean
  /** The message to show under the input, or nothing while the two passwords are not (yet) judged. */
  error?: null | string
  /** The input's id; its label points at it, and the message's id is derived from it. */
  id: string
  name: string
  onChange: (value: string) => void
  onEnter?: () => void
  value: string
}

/**
 * The new password typed a second time, so a typing slip (the characters are hidden) does not lock
 * the person out of the account they are setting up. A mismatch is shown under the input, marked
 * `aria-invalid` and linked with `aria-describedby`, and announced (`role="alert"`) as the other
 * errors of these forms are.
 */
export const ConfirmPasswordField = ({ error, id, ...input }: Props) => {
  const t = useBackofficeTranslation()
  const errorId = `${id}-error`
  return (
    <div className="backoffice-confirm-password-field" data-confirm-password="">
      <PasswordInput
        {...input}
        autoComplete="new-password"
        describedBy={error ? errorId : undefined}
        id={id}
        invalid={Boolean(error)}
        label={t('confirmPasswordLabel')}
        required
      />
      {error ? (
        <p className="backoffice-confirm-password-field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
