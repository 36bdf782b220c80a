'use client'

import { useForm, useFormFields, useFormProcessing, useFormSubmitted } from '@payloadcms/ui'
import { useEffect, useRef } from 'react'

import { useSudoConfirmation } from './sudoConfirmation.js'

/**
 * A save of the account form that changed the email and came back refused: on one's own account that
 * is sudo mode asking for a fresh proof (`refuseUnprovedAccountChange`; uniqueness is checked after
 * it), so the page's one "Confirm it's you" dialog opens, and once confirmed the same save is sent
 * again. Closed without a confirmation (Escape, Cancel), the form is marked changed again: Payload
 * marks it unchanged after any answer, refusals included, which would leave its Save button disabled
 * until a field changed, while the new email is still there, unsaved, for the person to retry.
 * Nothing shows on a save that went through or changed no email.
 */
export const RetryRefusedSave = () => {
  const confirm = useSudoConfirmation()
  const processing = useFormProcessing()
  const submitted = useFormSubmitted()
  const { setModified, submit } = useForm()
  const email = useFormFields(([fields]) => fields.email)
  const wasProcessing = useRef(false)

  useEffect(() => {
    const ended = wasProcessing.current && !processing
    wasProcessing.current = processing
    const emailChanged =
      typeof email?.value === 'string' &&
      typeof email.initialValue === 'string' &&
      email.value.trim().toLowerCase() !== email.initialValue.toLowerCase()
    if (ended && submitted && emailChanged && confirm) {
      void confirm().then((confirmed) => (confirmed ? submit() : setModified(true)))
    }
  }, [confirm, email, processing, setModified, submit, submitted])

  return null
}
