'use client'

import type { Validate } from 'payload'

import { FieldError, useFormFields, useFormProcessing } from '@payloadcms/ui'
import { useMemo } from 'react'

import type { PublicPasswordPolicy } from '../../../policies/passwordPolicy/publicPolicy.js'

import { NewPasswordField } from '../../../policies/passwordPolicy/components/NewPasswordField.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { useCheckedField } from '../../../shared/components/client/useCheckedField.js'

type Props = { policy: PublicPasswordPolicy }

/**
 * The first user's password inside Payload's form: the new-password field with the rules checklist
 * and strength meter, bound to the form's `password` value so the form sends it. The rules are
 * enforced by the server; here an empty value is refused before sending.
 */
export const FirstUserPasswordField = ({ policy }: Props) => {
  const t = useBackofficeTranslation()
  const validate = useMemo<Validate>(
    () => (value: unknown) =>
      typeof value === 'string' && value.length > 0 ? true : t('errorPasswordRequired'),
    [t],
  )
  const { errorMessage, setValue, showError, value } = useCheckedField<string>({
    path: 'password',
    validate,
  })
  const processing = useFormProcessing()
  const email = useFormFields(([fields]) => fields.email?.value)
  const name = useFormFields(([fields]) => fields.name?.value)
  const userInputs = [email, name].filter(
    (input): input is string => typeof input === 'string' && input !== '',
  )

  return (
    <div className="backoffice-first-user-password">
      <NewPasswordField
        disabled={processing}
        id="field-password"
        label={t('firstUserPassword')}
        name="password"
        onChange={(next) => setValue(next)}
        policy={policy}
        required
        userInputs={userInputs}
        value={value ?? ''}
      />
      <FieldError message={errorMessage} path="password" showError={showError} />
    </div>
  )
}
