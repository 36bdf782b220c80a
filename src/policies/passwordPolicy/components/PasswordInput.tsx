'use client'

import { Button } from '@payloadcms/ui'
import { useState } from 'react'

import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import './PasswordInput.css'

export type PasswordInputProps = {
  autoComplete?: 'current-password' | 'new-password'
  autoFocus?: boolean
  /** Ids of elements that describe the input (the rules checklist, the strength), for `aria-describedby`. */
  describedBy?: string
  disabled?: boolean
  /** The input's id; its label points at it. */
  id: string
  /** Marks the input invalid (`aria-invalid` and Payload's error style). */
  invalid?: boolean
  label: string
  name: string
  onChange: (value: string) => void
  /**
   * Enter in the input calls this instead of submitting the enclosing form: for an input that sits
   * inside a form it does not belong to (the account's, say).
   */
  onEnter?: () => void
  required?: boolean
  value: string
}

/**
 * A password input with its label and a show/hide toggle, in Payload's field styles (as the login
 * form's). The toggle is a real button (reachable by keyboard, `aria-pressed`, `aria-controls` the
 * input). Pasting is allowed, as ASVS 5.0 6.2.7 asks: password managers depend on it.
 */
export const PasswordInput = ({
  autoComplete = 'current-password',
  autoFocus,
  describedBy,
  disabled,
  id,
  invalid,
  label,
  name,
  onChange,
  onEnter,
  required,
  value,
}: PasswordInputProps) => {
  const t = useBackofficeTranslation()
  const [shown, setShown] = useState(false)
  const toggleLabel = shown ? t('loginHidePassword') : t('loginShowPassword')

  return (
    <div
      className={['field-type', 'password', 'backoffice-password-input', invalid ? 'error' : null]
        .filter(Boolean)
        .join(' ')}
    >
      <label className="field-label" htmlFor={id}>
        {label}
        {required ? <span className="required">*</span> : null}
      </label>
      <div className="field-type__wrap backoffice-password-input__row">
        <input
          aria-describedby={describedBy || undefined}
          aria-invalid={invalid || undefined}
          autoCapitalize="off"
          autoComplete={autoComplete}
          autoCorrect="off"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only a page with this one field to fill asks for it
          autoFocus={autoFocus}
          disabled={disabled}
          id={id}
          name={name}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={
            onEnter
              ? (event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault()
                    onEnter()
                  }
                }
              : undefined
          }
          required={required}
          spellCheck={false}
          type={shown ? 'text' : 'password'}
          value={value}
        />
        <Button
          aria-label={toggleLabel}
          buttonStyle="secondary"
          className="backoffice-password-input__toggle"
          disabled={disabled}
          // Payload's Button passes on `aria-label` only: the other attributes go through here.
          extraButtonProps={{ 'aria-controls': id, 'aria-pressed': shown }}
          onClick={() => setShown((visible) => !visible)}
          size="small"
          type="button"
        >
          {toggleLabel}
        </Button>
      </div>
    </div>
  )
}
