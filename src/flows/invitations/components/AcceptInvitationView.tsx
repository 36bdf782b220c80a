import type {
  AdminViewServerProps,
  ClientCollectionConfig,
  Field,
  FormState,
  SanitizedDocumentPermissions,
  SanitizedPermissions,
} from 'payload'

import { buildFormState } from '@payloadcms/ui/utilities/buildFormState'
import { createClientCollectionConfigs, createLocalReq, getAccessResults } from 'payload'

import { publicPasswordPolicy } from '../../../policies/passwordPolicy/publicPolicy.js'
import { getPluginOptions } from '../../../shared/options/getPluginOptions.js'
import { invitationPageFields } from '../invitationPageFields.js'
import { pickFields } from '../profileFields.js'
import { AcceptInvitationForm } from './lazyComponents.js'

/** The collections a relationship or upload field points at. */
const relatedSlugs = (field: Field): string[] =>
  field.type === 'relationship' || field.type === 'upload' ? [field.relationTo].flat() : []

/**
 * The accept-invitation page (`{admin}/accept-invitation?token=…`), open to anyone with the link.
 * Visitors are signed out, so the admin's client config carries no collection fields: the profile
 * fields this invitee is offered are prepared here, for a usable invitation only (a page opened
 * without a token or with a made-up one gets none), and the page shows those the invitation's
 * answer lists. Their form state is built here as Payload's own views build it, so
 * fields drawn by server components (rich text) render with Payload's own components; the token is
 * only read, never used up. The token stays out of the Referer of any request the page makes
 * (`strict-origin`; a view cannot set response headers, a meta element can).
 */
export const AcceptInvitationView = async ({
  importMap,
  initPageResult,
  searchParams,
}: AdminViewServerProps) => {
  const { locale, req } = initPageResult
  const { payload } = req
  const options = getPluginOptions(payload)
  const slug = options.usersCollection
  const token = typeof searchParams?.token === 'string' ? searchParams.token : ''
  // Profile field definitions only for a usable invitation, and only the ones it offers.
  const {
    account,
    clientFields: fields,
    offered,
  } = await invitationPageFields(req, options, token, importMap)

  let initialState: FormState = {}
  let relatedCollections: ClientCollectionConfig[] = []
  let visitorPermissions: null | SanitizedPermissions = null
  if (account) {
    const docPermissions = {
      create: true,
      fields: Object.fromEntries(
        offered.map((field) => [(field as { name: string }).name, true as const]),
      ),
      read: true,
      update: true,
    } satisfies SanitizedDocumentPermissions
    // A visitor's client config holds no collections (Payload keeps the schema from strangers); the
    // relationship and upload fields need the collections they point at, and only those are added.
    const related = new Set(offered.flatMap(relatedSlugs))
    relatedCollections = createClientCollectionConfigs({
      collections: payload.config.collections.filter((entry) => related.has(entry.slug)),
      defaultIDType: payload.db.defaultIDType,
      i18n: req.i18n,
      importMap,
    })
    // What anyone not signed in may do, which is what the invitee may do on this page: Payload's
    // relationship field loads its options only with permissions at hand, and a visitor's page has none.
    visitorPermissions = await getAccessResults({
      req: await createLocalReq({ context: {} }, payload),
    })
    ;({ state: initialState } = await buildFormState({
      collectionSlug: slug,
      data: pickFields(account, offered),
      docPermissions,
      docPreferences: { fields: {} },
      locale: locale?.code,
      operation: 'create',
      renderAllFields: true,
      req,
      schemaPath: slug,
      skipClientConfigAuth: true,
      skipValidation: true,
    }))
  }

  return (
    <>
      <meta content="strict-origin" name="referrer" />
      <AcceptInvitationForm
        adminRoute={payload.config.routes.admin}
        apiRoute={payload.config.routes.api}
        fields={fields}
        initialState={initialState}
        loginRoute={payload.config.admin.routes.login}
        relatedCollections={relatedCollections}
        visitorPermissions={visitorPermissions}
        policy={publicPasswordPolicy(options)}
        serverURL={payload.config.serverURL}
        signedIn={Boolean(req.user)}
        token={token}
        usersCollection={slug}
      />
    </>
  )
}
