'use client'

// PLACEHOLDER: the password-policy work replaces this with the finished field (visibility toggle).
export type PasswordInputProps = {
  autoComplete?: 'current-password' | 'new-password'
  autoFocus?: boolean
  disabled?: boolean
  /** The input's id; its label points at it. */
  id: string
  label: string
  name: string
  onChange: (value: string) => void
  required?: boolean
  value: string
}

/** A password input with its label and a show/hide toggle, in Payload's field styles. */
export const PasswordInput = ({ autoComplete = 'current-password', autoFocus, disabled, id, label, name, onChange, required, value }: PasswordInputProps) => (
  <div className="field-type password">
    <label className="field-label" htmlFor={id}>
      {label}
      {required ? <span className="required">*</span> : null}
    </label>
    <input
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      disabled={disabled}
      id={id}
      name={name}
      onChange={(event) => onChange(event.target.value)}
      required={required}
      type="password"
      value={value}
    />
  </div>
)
