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
import { useCallback } from 'react'

import type { PublicPasswordPolicy } from '../../passwordPolicy/publicPolicy.js'

import { loginOutcome } from '../../components/client/loginOutcome.js'
import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'
import { FirstUserPasswordField } from './FirstUserPasswordField.js'

type Props = {
  docPermissions: SanitizedDocumentPermissions
  docPreferences: DocumentPreferences
  initialState: FormState
  policy: PublicPasswordPolicy
  usersCollection: string
}

/** Payload's confirmation field is not part of this form, which asks for the password once. */
const withoutConfirmation = ({
  'confirm-password': _confirmation,
  ...state
}: FormState): FormState => state

/**
 * The first-user form: Payload's `Form`, email field and `RenderFields` for the collection's other
 * fields, as Payload's own view renders them, with the new-password field and its rules in place of
 * Payload's password and confirmation. On success the full user is fetched, then the browser goes to
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
      return response?.state ? withoutConfirmation(response.state) : formState
    },
    [docPermissions, docPreferences, getFormState, usersCollection],
  )

  const onSuccess = async (json: unknown) => {
    await fetchFullUser()
    const outcome = loginOutcome(200, json, { adminRoute, redirect: null, t })
    router.push(outcome.kind === 'redirect' ? outcome.to : adminRoute)
  }

  return (
    <Form
      action={formatAdminURL({ apiRoute, path: `/${usersCollection}/first-register` })}
      disableSuccessStatus
      initialState={withoutConfirmation(initialState)}
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
