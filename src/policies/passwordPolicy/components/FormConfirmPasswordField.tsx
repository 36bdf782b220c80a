'use client'

import type { Validate } from 'payload'

import { useForm, useFormProcessing } from '@payloadcms/ui'
import { useEffect, useMemo } from 'react'

import type { LiveFields } from './useConfirmationCheck.js'

import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { useCheckedField } from '../../../shared/components/client/useCheckedField.js'
import { ConfirmPasswordField } from './ConfirmPasswordField.js'

/**
 * The confirmation inside Payload's `Form`, bound to the form's own `confirm-password` value (the one
 * Payload's auth forms carry), so no second confirmation exists. Its check runs in the browser when
 * the form is submitted: while the two differ Payload's form refuses to send anything. `liveFieldsRef`
 * (from `useConfirmationCheck`, which the form's `beforeSubmit` runs) is given the form's state.
 */
export const FormConfirmPasswordField = ({ liveFieldsRef }: { liveFieldsRef: LiveFields }) => {
  const t = useBackofficeTranslation()
  const validate = useMemo<Validate>(
    () =>
      (value: unknown, { siblingData }) =>
        (value ?? '') === ((siblingData as { password?: unknown }).password ?? '')
          ? true
          : t('errorPasswordsDoNotMatch'),
    [t],
  )
  const { errorMessage, setValue, showError, value } = useCheckedField<string>({
    path: 'confirm-password',
    validate,
  })
  const processing = useFormProcessing()
  const { getFields } = useForm()
  useEffect(() => {
    liveFieldsRef.current = getFields
  }, [getFields, liveFieldsRef])
  return (
    <ConfirmPasswordField
      disabled={processing}
      error={showError ? errorMessage : null}
      id="field-confirm-password"
      name="confirm-password"
      onChange={(next) => setValue(next)}
      value={value ?? ''}
    />
  )
}
