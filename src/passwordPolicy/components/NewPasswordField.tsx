'use client'

import type { PublicPasswordPolicy } from '../publicPolicy.js'

import { PasswordInput } from './PasswordInput.js'

// PLACEHOLDER: the password-policy work replaces this with the finished field (checklist and meter).
export type NewPasswordFieldProps = {
  autoFocus?: boolean
  disabled?: boolean
  /** The input's id; its label points at it. */
  id: string
  label: string
  name: string
  onChange: (value: string) => void
  /** Called with whether the value meets every rule, whenever that changes. */
  onValidityChange?: (meetsRequirements: boolean) => void
  policy: PublicPasswordPolicy
  required?: boolean
  /** Words that make a password weaker when it contains them: the account's email, name, … */
  userInputs?: string[]
  /** `false` turns the rules checklist and meter off for this field (the server still enforces them). */
  validate?: boolean
  value: string
}

/** A new-password input with the policy's rules checklist and a five-segment strength meter. */
export const NewPasswordField = ({ onValidityChange: _onValidityChange, policy: _policy, userInputs: _userInputs, validate: _validate, ...input }: NewPasswordFieldProps) => (
  <PasswordInput {...input} autoComplete="new-password" />
)
