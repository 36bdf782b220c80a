'use client'

import type { Ref } from 'react'

import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { totpParameters } from '../constants.js'

type Props = {
  disabled: boolean
  id: string
  inputRef?: Ref<HTMLInputElement>
  /** What the field asks for; the app's code unless said otherwise. */
  label?: string
  onChange: (code: string) => void
  /** False inside another form (the account's), whose own submit must not wait for this field. */
  required?: boolean
  value: string
}

/**
 * The one-time code field: six digits, numeric keypad on phones, the browser's and password
 * managers' one-time-code autofill, focused on arrival. Anything that is not a digit is dropped as it
 * is typed or pasted (authenticator apps show "123 456").
 */
export const OneTimeCodeInput = ({
  disabled,
  id,
  inputRef,
  label,
  onChange,
  required = true,
  value,
}: Props) => {
  const t = useBackofficeTranslation()
  return (
    <div className="field-type text">
      <label className="field-label" htmlFor={id}>
        {label ?? t('twoFactorCodeLabel')}
        {required && <span className="required">*</span>}
      </label>
      <div className="field-type__wrap">
        <input
          autoComplete="one-time-code"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the code is all the page asks for
          autoFocus
          disabled={disabled}
          id={id}
          inputMode="numeric"
          maxLength={totpParameters.digits}
          name="code"
          onChange={(event) =>
            onChange(event.target.value.replace(/\D/g, '').slice(0, totpParameters.digits))
          }
          pattern={`\\d{${totpParameters.digits}}`}
          ref={inputRef}
          required={required}
          type="text"
          value={value}
        />
      </div>
    </div>
  )
}
