'use client'

import type { Validate } from 'payload'

import { useField, useForm } from '@payloadcms/ui'
import { useEffect } from 'react'

/**
 * Payload's `useField`, with its `validate` kept in the form's state, so the form runs it at submit
 * whatever came before. Payload's `useField` hands the form a field's `validate` only when the
 * value's validity changes, after the asynchronous check that follows each change, and the form's
 * state is replaced (without it) when the form mounts: a form sent right after the last keystroke
 * (Enter, or a click on a busy machine) validated without it, and a mismatched confirmation was sent
 * (seen in CI: a first user and three invitees created with passwords that did not match). Here the
 * check is handed over again, after every render of the field, whenever the state does not hold it:
 * the form's mount replaces its state after the field's first effect ran, so an effect keyed on
 * what the state held would not run again. A form's submit checks the confirmation on its own as
 * well (`useConfirmationCheck`).
 */
export const useCheckedField = <T>(options: { path: string; validate: Validate }) => {
  const field = useField<T>(options)
  const { dispatchFields, getField } = useForm()
  const { path, validate } = options
  useEffect(() => {
    if (getField(path)?.validate !== validate) {
      dispatchFields({ type: 'UPDATE', path, validate })
    }
  })
  return field
}
