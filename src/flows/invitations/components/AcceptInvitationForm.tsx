'use client'

import type {
  ClientCollectionConfig,
  ClientField,
  Data,
  FormState,
  SanitizedFieldsPermissions,
  SanitizedPermissions,
} from 'payload'

import {
  AuthProvider,
  ConfigProvider,
  Form,
  FormSubmit,
  RenderFields,
  useConfig,
  useTranslation,
} from '@payloadcms/ui'
import { useMemo, useState } from 'react'

import type { PublicPasswordPolicy } from '../../../policies/passwordPolicy/publicPolicy.js'

import { FormConfirmPasswordField } from '../../../policies/passwordPolicy/components/FormConfirmPasswordField.js'
import { useConfirmationCheck } from '../../../policies/passwordPolicy/components/useConfirmationCheck.js'
import { callBackoffice } from '../../../shared/components/client/backofficeFetch.js'
import { loginOutcomeOf } from '../../../shared/components/client/loginOutcome.js'
import { continueSignedIn } from '../../../shared/components/client/PendingToast.js'
import { toastError } from '../../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import './AcceptInvitationForm.css'
import { FormNewPasswordField } from './FormNewPasswordField.js'
import { type Invitation, useInvitation } from './useInvitation.js'

type Props = {
  adminRoute: string
  apiRoute: string
  fields: ClientField[]
  /** The profile fields' form state, built on the server (rich text's editor is a server component). */
  initialState: FormState
  loginRoute: string
  policy: PublicPasswordPolicy
  /** The client configs of the collections the profile's relationship and upload fields point at. */
  relatedCollections: ClientCollectionConfig[]
  /** What a visitor who is not signed in may do (Payload's relationship field needs them at hand). */
  visitorPermissions: null | SanitizedPermissions
  serverURL: string
  signedIn: boolean
  token: string
  usersCollection: string
}

const stateOf = (invitation: Invitation, token: string, built: FormState): FormState =>
  Object.fromEntries([
    ...invitation.fields.map((name) => [
      name,
      built[name] ?? {
        initialValue: invitation.data[name],
        valid: true,
        value: invitation.data[name],
      },
    ]),
    ['token', { initialValue: token, valid: true, value: token }],
    ['confirm-password', { initialValue: '', valid: true, value: '' }],
  ])

/**
 * The accept-invitation page: "Accept invitation", "Complete your profile", the invitee's email
 * (read-only), the new password with the policy's rules and its confirmation, the users collection's other fields the
 * invitee may set (Payload's `RenderFields`, as in its create-first-user view), the token in a
 * hidden field and "Create profile". While the invitation loads a loading text shows; an invalid or
 * expired link shows the invitation-link message. On success the browser goes on signed in, to the
 * answer's `redirectTo`, else to the admin root.
 */
export const AcceptInvitationForm = ({
  adminRoute,
  apiRoute,
  fields,
  initialState,
  loginRoute,
  policy,
  relatedCollections,
  serverURL,
  signedIn,
  token,
  usersCollection,
  visitorPermissions,
}: Props) => {
  const t = useBackofficeTranslation()
  const { i18n, t: payloadT } = useTranslation()
  const api = `${serverURL}${apiRoute}/${usersCollection}`
  const { load, setLoad } = useInvitation({ api, signedIn, token })
  const [busy, setBusy] = useState(false)
  const confirmationCheck = useConfirmationCheck()
  const { config } = useConfig()
  // The visitor's config plus the collections the relationship and upload fields read their
  // options and documents from (Payload's fields look them up there).
  const fieldsConfig = useMemo(
    () => ({
      ...config,
      collections: [
        ...config.collections.filter(
          (collection) => !relatedCollections.some(({ slug }) => slug === collection.slug),
        ),
        ...relatedCollections,
      ],
    }),
    [config, relatedCollections],
  )
  const offered = useMemo(
    () =>
      load.kind === 'ready'
        ? fields
            .filter((field) => 'name' in field && load.invitation.fields.includes(field.name))
            // Editing or creating the related document happens in drawers Payload serves to
            // signed-in staff only: the invitee picks from the list.
            .map((field) =>
              field.type === 'relationship'
                ? { ...field, admin: { ...field.admin, allowCreate: false, allowEdit: false } }
                : field,
            )
        : [],
    [fields, load],
  )

  // An upload is chosen in Payload's list and document drawers, which Payload serves to signed-in
  // staff only; the invitee is not signed in yet, so an upload shows read-only here (what the
  // administrator attached) and is set from the account page afterwards.
  const permissions = useMemo(
    () =>
      Object.fromEntries(
        offered.map((field) => [
          (field as { name: string }).name,
          field.type === 'upload' ? { create: false, read: true, update: false } : true,
        ]),
      ) as unknown as SanitizedFieldsPermissions,
    [offered],
  )

  // Payload's Form replaces its whole state whenever this object changes: one per loaded invitation.
  const formInitialState = useMemo(
    () => (load.kind === 'ready' ? stateOf(load.invitation, token, initialState) : undefined),
    [initialState, load, token],
  )

  const submit = async (_state: FormState, data: Data) => {
    setBusy(true)
    const answer = await callBackoffice(`${api}/accept-invitation`, {
      // With the confirmation, which the server compares too.
      body: { ...data, token },
      language: i18n.language,
      t,
    })
    const outcome = loginOutcomeOf(answer, { adminRoute, redirect: null, t })
    if (answer.ok) {
      continueSignedIn(outcome.kind === 'redirect' ? outcome.to : adminRoute)
      return
    }
    if (answer.code === 'INVITATION_INVALID_OR_EXPIRED') {
      setLoad({ kind: 'invalid' })
    } else {
      toastError(outcome.kind === 'error' ? outcome.message : String(answer.status))
    }
    setBusy(false)
  }

  return (
    <main aria-busy={load.kind === 'loading' || busy} className="backoffice-accept-invitation">
      <h1>{t('acceptInvitationHeading')}</h1>
      {load.kind === 'loading' ? <p role="status">{t('acceptInvitationLoading')}</p> : null}
      {load.kind === 'failed' ? <p role="alert">{load.message}</p> : null}
      {load.kind === 'invalid' ? (
        <>
          <p role="alert">{t('errorInvitationInvalidOrExpired')}</p>
          <a href={`${adminRoute === '/' ? '' : adminRoute}${loginRoute}`}>
            {t('acceptInvitationGoToLogin')}
          </a>
        </>
      ) : null}
      {load.kind === 'ready' ? (
        <>
          <h2>{t('acceptInvitationSubheading')}</h2>
          <Form
            beforeSubmit={confirmationCheck.beforeSubmit}
            disabled={busy}
            initialState={formInitialState}
            onSubmit={submit}
          >
            <div className="backoffice-accept-invitation__fields">
              <div className="field-type email read-only">
                <label className="field-label" htmlFor="field-email">
                  {payloadT('general:email')}
                </label>
                <div className="field-type__wrap">
                  <input
                    autoComplete="username"
                    className="backoffice-accept-invitation__email"
                    id="field-email"
                    name="email"
                    readOnly
                    type="email"
                    value={load.invitation.email}
                  />
                </div>
              </div>
              <input name="token" type="hidden" value={token} />
              <FormNewPasswordField email={load.invitation.email} policy={policy} required />
              <FormConfirmPasswordField liveFieldsRef={confirmationCheck.liveFieldsRef} />
              <ConfigProvider config={fieldsConfig}>
                {/* The page's own auth context has no permissions for a visitor; this one holds a
                    visitor's, and no user (the invitee is not signed in until they submit). */}
                <AuthProvider permissions={visitorPermissions ?? undefined} user={null}>
                  <RenderFields
                    fields={offered}
                    forceRender
                    parentIndexPath=""
                    parentPath=""
                    parentSchemaPath={usersCollection}
                    permissions={permissions}
                    readOnly={busy}
                  />
                </AuthProvider>
              </ConfigProvider>
              <FormSubmit disabled={busy} size="large">
                {busy ? t('acceptInvitationSubmitting') : t('acceptInvitationSubmit')}
              </FormSubmit>
            </div>
          </Form>
        </>
      ) : null}
    </main>
  )
}
