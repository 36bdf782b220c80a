'use client'

import type { Validate } from 'payload'

import { useField, useForm, useFormFields } from '@payloadcms/ui'
import { useEffect } from 'react'

/**
 * Payload's `useField`, with its `validate` kept in the form's state, so the form runs it at submit
 * whatever came before. Payload's `useField` hands the form a field's `validate` only when the
 * value's validity changes, after the asynchronous check that follows each change, and the form's
 * state is replaced (without it) when the form mounts: a form sent right after the last keystroke
 * (Enter, or a click on a busy machine) validated without it, and a mismatched confirmation was sent
 * (seen in CI: a first user and three invitees created with passwords that did not match). Here the
 * check is handed over again whenever the state does not hold it.
 */
export const useCheckedField = <T>(options: { path: string; validate: Validate }) => {
  const field = useField<T>(options)
  const { dispatchFields } = useForm()
  const { path, validate } = options
  const held = useFormFields(([fields]) => fields[path]?.validate)
  useEffect(() => {
    if (held !== validate) {
      dispatchFields({ type: 'UPDATE', path, validate })
    }
  }, [dispatchFields, held, path, validate])
  return field
}
