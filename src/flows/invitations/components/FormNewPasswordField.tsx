'use client'

import type { Validate } from 'payload'

import { FieldError, useFormFields, useFormProcessing, useTranslation } from '@payloadcms/ui'
import { useMemo } from 'react'

import type { PublicPasswordPolicy } from '../../../policies/passwordPolicy/publicPolicy.js'

import { NewPasswordField } from '../../../policies/passwordPolicy/components/NewPasswordField.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { useCheckedField } from '../../../shared/components/client/useCheckedField.js'
import './FormNewPasswordField.css'

type Props = {
  /** A line under the field, e.g. what leaving it empty does. */
  hint?: string
  policy: PublicPasswordPolicy
  /** Required on the invitation page; optional on the create form, where empty means "invite". */
  required: boolean
  /** The account's email when it is not a field of the form (the invitation page shows it as text). */
  email?: string
}

/**
 * The new-password field with the policy's rules checklist and strength meter, bound to the form's
 * `password` value so Payload's form sends it. The rules are enforced by the server; here only an
 * empty value is refused, and only where a password is required.
 */
export const FormNewPasswordField = ({ email, hint, policy, required }: Props) => {
  const t = useBackofficeTranslation()
  const { t: payloadT } = useTranslation()
  const validate = useMemo<Validate>(
    () => (value: unknown) =>
      !required || (typeof value === 'string' && value.length > 0)
        ? true
        : t('errorPasswordRequired'),
    [required, t],
  )
  const { errorMessage, setValue, showError, value } = useCheckedField<string>({
    path: 'password',
    validate,
  })
  const processing = useFormProcessing()
  const formEmail = useFormFields(([fields]) => fields.email?.value)
  const name = useFormFields(([fields]) => fields.name?.value)
  // The account's own email and name make a password weaker when it contains them.
  const userInputs = [email ?? formEmail, name].filter(
    (input): input is string => typeof input === 'string' && input !== '',
  )

  return (
    <div className="field-type backoffice-new-password">
      <NewPasswordField
        disabled={processing}
        id="field-password"
        label={payloadT('general:password')}
        name="password"
        onChange={(next) => setValue(next)}
        policy={policy}
        required={required}
        userInputs={userInputs}
        value={value ?? ''}
      />
      <FieldError message={errorMessage} path="password" showError={showError} />
      {hint ? <div className="field-description backoffice-new-password__hint">{hint}</div> : null}
    </div>
  )
}
