'use client'

import { useEffect, useId, useMemo } from 'react'

import type { PublicPasswordPolicy } from '../publicPolicy.js'

import { evaluatePassword } from '../evaluatePassword.js'
import { PasswordInput } from './PasswordInput.js'
import { PasswordRules } from './PasswordRules.js'
import { StrengthMeter } from './StrengthMeter.js'
import { useStrengthScore } from './useStrengthScore.js'

export type NewPasswordFieldProps = {
  autoFocus?: boolean
  /** The current password as typed (change password): the new one must differ from it. */
  currentPassword?: string
  disabled?: boolean
  /** The input's id; its label points at it. */
  id: string
  label: string
  name: string
  onChange: (value: string) => void
  /**
   * Called with whether the value meets every rule, whenever that changes (false while the strength
   * check loads and a minimum strength applies). With `validate={false}`: whether it is non-empty.
   */
  onValidityChange?: (meetsRequirements: boolean) => void
  policy: PublicPasswordPolicy
  required?: boolean
  /** Words that make a password weaker when it contains them: the account's email, name, … */
  userInputs?: string[]
  /** `false` turns the rules checklist and meter off for this field (the server still enforces them). */
  validate?: boolean
  value: string
}

/**
 * A new-password input with the policy's rules checklist and a five-segment strength meter, both
 * updated as the person types and both linked to the input (`aria-describedby`), with zxcvbn's
 * feedback (why the password is weak) under the meter. The strength comes from the server as the
 * person types (`useStrengthScore`). The server enforces the same rules whatever this field shows.
 */
export const NewPasswordField = ({
  currentPassword,
  onValidityChange,
  policy,
  userInputs,
  validate = true,
  ...input
}: NewPasswordFieldProps) => {
  const rulesId = `${useId()}-rules`
  const strengthId = `${rulesId}-strength`
  const { loading, score, shown } = useStrengthScore(input.value, userInputs, validate)
  // What the checklist and meter show: the latest answer, kept while the next one is on its way.
  const evaluation = useMemo(
    () => evaluatePassword(input.value, policy, shown?.score ?? null, { currentPassword }),
    [currentPassword, input.value, policy, shown],
  )
  // Whether the value meets every rule: only its own score counts.
  const meets = useMemo(
    () => evaluatePassword(input.value, policy, score, { currentPassword }).meetsRequirements,
    [currentPassword, input.value, policy, score],
  )
  const valid = validate ? meets : input.value.length > 0

  useEffect(() => {
    onValidityChange?.(valid)
  }, [onValidityChange, valid])

  return (
    <div data-password-field="">
      <PasswordInput
        {...input}
        autoComplete="new-password"
        describedBy={validate ? `${rulesId} ${strengthId} ${strengthId}-feedback` : undefined}
      />
      {validate ? (
        <>
          <PasswordRules id={rulesId} rules={evaluation.rules} />
          <StrengthMeter
            feedback={shown}
            id={strengthId}
            loading={loading}
            meterSegments={evaluation.meterSegments}
            score={evaluation.score}
          />
        </>
      ) : null}
    </div>
  )
}
