'use client'

import { EmailAndUsernameFields, useDocumentInfo, useTranslation } from '@payloadcms/ui'

import type { PublicPasswordPolicy } from '../../../policies/passwordPolicy/publicPolicy.js'

import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { FormNewPasswordField } from './FormNewPasswordField.js'

type Props = { policy: PublicPasswordPolicy }

/**
 * The sign-in block at the top of the user form, in place of Payload's: the email, and on create an
 * optional password with the policy's rules, where leaving it empty sends an invitation. An existing
 * account's password is not set here: its owner changes it on the account page (asked for the
 * current one) or by a reset; Payload's "force unlock" is gone with its lockout, replaced by the
 * plugin's (see the Security group).
 */
export const AccountAuthFields = ({ policy }: Props) => {
  const t = useBackofficeTranslation()
  const { t: payloadT } = useTranslation()
  const { docPermissions, hasSavePermission, id, isTrashed } = useDocumentInfo()
  const creating = id === undefined || id === null
  return (
    <div className="auth-fields collection-edit__auth">
      <EmailAndUsernameFields
        loginWithUsername={false}
        operation={creating ? 'create' : 'update'}
        permissions={docPermissions?.fields}
        readOnly={!hasSavePermission || Boolean(isTrashed)}
        t={payloadT as never}
      />
      {creating ? (
        <FormNewPasswordField hint={t('invitationPasswordHint')} policy={policy} required={false} />
      ) : null}
    </div>
  )
}
