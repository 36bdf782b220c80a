'use client'

import type { SaveButtonClientProps } from 'payload'

import { SaveButton, useDocumentInfo, useFormFields } from '@payloadcms/ui'

import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'

/**
 * The user form's save button, saying what it will do: "Send invitation" while a new account has no
 * password (saving it invites the person), Payload's "Save" otherwise.
 */
export const InvitationSaveButton = (props: SaveButtonClientProps) => {
  const t = useBackofficeTranslation()
  const { id } = useDocumentInfo()
  const password = useFormFields(([fields]) => fields.password?.value)
  const inviting =
    (id === undefined || id === null) && !(typeof password === 'string' && password.length > 0)
  return <SaveButton {...props} label={inviting ? t('invitationSendButton') : props.label} />
}
