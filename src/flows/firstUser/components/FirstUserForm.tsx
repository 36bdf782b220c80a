'use client'

import type { DocumentPreferences, FormState, SanitizedDocumentPermissions } from 'payload'

import {
  EmailAndUsernameFields,
  Form,
  FormSubmit,
  RenderFields,
  useAuth,
  useConfig,
  useServerFunctions,
  useTranslation,
} from '@payloadcms/ui'
import { useRouter } from 'next/navigation.js'
import { formatAdminURL } from 'payload/shared'
import { useCallback, useMemo } from 'react'

import type { PublicPasswordPolicy } from '../../../policies/passwordPolicy/publicPolicy.js'

import { FormConfirmPasswordField } from '../../../policies/passwordPolicy/components/FormConfirmPasswordField.js'
import { useConfirmationCheck } from '../../../policies/passwordPolicy/components/useConfirmationCheck.js'
import { loginOutcome } from '../../../shared/components/client/loginOutcome.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { FirstUserPasswordField } from './FirstUserPasswordField.js'

type Props = {
  docPermissions: SanitizedDocumentPermissions
  docPreferences: DocumentPreferences
  initialState: FormState
  policy: PublicPasswordPolicy
  usersCollection: string
}

/**
 * Payload's form state for an auth collection carries a `confirm-password` value, which this form's
 * confirmation uses. Its check is the browser's (the server's would answer with Payload's own
 * wording), so the server's entry is left out and the form keeps the one it holds now. Handing back
 * the entry as it was when the request went out would undo a refusal made since: Payload merges an
 * answer field by field over the current state (mergeServerFormState), so a form-state request still
 * under way when Create was clicked (seconds on a busy server) wiped "passwords do not match".
 */
const withoutServerConfirmation = (server: FormState): FormState => {
  const { 'confirm-password': _serverEntry, ...state } = server
  return state
}

/**
 * The first-user form: Payload's `Form`, email field and `RenderFields` for the collection's other
 * fields, as Payload's own view renders them, with the new-password field and its rules in place of
 * Payload's password, and its confirmation. On success the full user is fetched, then the browser goes to
 * the response's `redirectTo`, else the admin root.
 */
export const FirstUserForm = ({
  docPermissions,
  docPreferences,
  initialState,
  policy,
  usersCollection,
}: Props) => {
  const t = useBackofficeTranslation()
  const { t: payloadT } = useTranslation()
  const { fetchFullUser } = useAuth()
  const { getFormState } = useServerFunctions()
  const router = useRouter()
  const confirmationCheck = useConfirmationCheck()
  const {
    config: {
      routes: { admin: adminRoute, api: apiRoute },
    },
    getEntityConfig,
  } = useConfig()
  const collectionConfig = getEntityConfig({ collectionSlug: usersCollection })

  const onChange = useCallback(
    async ({ formState, submitted }: { formState: FormState; submitted?: boolean }) => {
      const response = await getFormState({
        collectionSlug: usersCollection,
        docPermissions,
        docPreferences,
        formState,
        operation: 'create',
        schemaPath: usersCollection,
        skipValidation: !submitted,
      })
      // No answer (a newer change aborted the request): nothing to merge.
      return response?.state ? withoutServerConfirmation(response.state) : {}
    },
    [docPermissions, docPreferences, getFormState, usersCollection],
  )

  // Payload's Form replaces its whole state whenever this object changes (a new one each render
  // would empty the fields as the person types, and drop their checks): one for the form's life.
  const formInitialState = useMemo(
    () => ({ ...initialState, 'confirm-password': { initialValue: '', valid: true, value: '' } }),
    [initialState],
  )

  const onSuccess = async (json: unknown) => {
    await fetchFullUser()
    const outcome = loginOutcome(200, json, { adminRoute, redirect: null, t })
    router.push(outcome.kind === 'redirect' ? outcome.to : adminRoute)
  }

  return (
    <Form
      action={formatAdminURL({ apiRoute, path: `/${usersCollection}/first-register` })}
      beforeSubmit={confirmationCheck.beforeSubmit}
      disableSuccessStatus
      initialState={formInitialState}
      method="POST"
      onChange={[onChange]}
      onSuccess={onSuccess}
      validationOperation="create"
    >
      {/* Sign-in by username is refused by the plugin at startup, so the email is the only identifier. */}
      <EmailAndUsernameFields
        loginWithUsername={false}
        operation="create"
        readOnly={false}
        t={payloadT as Parameters<typeof EmailAndUsernameFields>[0]['t']}
      />
      <FirstUserPasswordField policy={policy} />
      <FormConfirmPasswordField liveFieldsRef={confirmationCheck.liveFieldsRef} />
      <RenderFields
        fields={collectionConfig?.fields ?? []}
        forceRender
        parentIndexPath=""
        parentPath=""
        parentSchemaPath={usersCollection}
        permissions={docPermissions.fields}
        readOnly={false}
      />
      <FormSubmit size="large">{t('firstUserSubmit')}</FormSubmit>
    </Form>
  )
}
