'use client'

import type { Validate } from 'payload'

import { useField, useForm } from '@payloadcms/ui'
import { useEffect } from 'react'

/**
 * Payload's `useField`, with its `validate` part of the form's state from the first render, so the
 * form runs it at submit whatever came before. Payload's `useField` hands the form a field's
 * `validate` only when the value's validity changes, and only after the asynchronous check that
 * follows each change: a form submitted right after the last keystroke (Enter, or a click on a busy
 * machine) validated without it, and a mismatched confirmation was sent (seen in CI: a first user
 * and three invitees created with passwords that did not match).
 */
export const useCheckedField = <T>(options: { path: string; validate: Validate }) => {
  const field = useField<T>(options)
  const { dispatchFields } = useForm()
  const { path, validate } = options
  useEffect(() => {
    dispatchFields({ type: 'UPDATE', path, validate })
  }, [dispatchFields, path, validate])
  return field
}
