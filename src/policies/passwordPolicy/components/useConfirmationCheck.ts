'use client'

import type { FormState } from 'payload'

import { type RefObject, useMemo, useRef } from 'react'

import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'

/** What `FormConfirmPasswordField` hands the check: the form's live state, with its components. */
export type LiveFields = RefObject<(() => FormState) | null>

type BeforeSubmit = (args: { formState: FormState }) => Promise<FormState>

/**
 * The new password and its confirmation compared at the moment the form is sent, from the values
 * the form is about to send, for Payload's `Form` `beforeSubmit`. Each field's own check reaches the
 * form's submit only through state Payload replaces and hands back asynchronously, so a form sent a
 * moment after the last keystroke could go out unchecked (CI caught a first user and invitees
 * created that way); this check does not depend on it.
 *
 * When they match it answers no state (`{}`: nothing to refuse, and Payload's own validation runs
 * next). When they differ it answers the live state with the confirmation marked "passwords do not
 * match": Payload then keeps every other field as it is (its components included, which the copy it
 * passes in lacks), shows the error and sends nothing. The server refuses a differing pair too
 * (PASSWORDS_DO_NOT_MATCH).
 */
export const useConfirmationCheck = (): {
  beforeSubmit: BeforeSubmit[]
  liveFieldsRef: LiveFields
} => {
  const t = useBackofficeTranslation()
  const liveFieldsRef: LiveFields = useRef(null)
  const beforeSubmit = useMemo<BeforeSubmit[]>(
    () => [
      async ({ formState }) => {
        const fields = liveFieldsRef.current?.() ?? formState
        const confirmation = fields['confirm-password']
        if ((confirmation?.value ?? '') === (fields.password?.value ?? '')) {
          return {}
        }
        return {
          ...fields,
          'confirm-password': {
            ...confirmation,
            errorMessage: t('errorPasswordsDoNotMatch'),
            valid: false,
          },
        }
      },
    ],
    [t],
  )
  return { beforeSubmit, liveFieldsRef }
}
