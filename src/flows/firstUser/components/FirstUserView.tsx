import type { AdminViewServerProps, SanitizedDocumentPermissions } from 'payload'

import { buildFormState } from '@payloadcms/ui/utilities/buildFormState'
import { redirect } from 'next/navigation.js'
import { formatAdminURL } from 'payload/shared'

import { publicPasswordPolicy } from '../../../policies/passwordPolicy/publicPolicy.js'
import { AdminLogo } from '../../../shared/components/server/AdminBrand.js'
import { getBackofficeTranslation } from '../../../shared/i18n/text.js'
import { getPluginOptions } from '../../../shared/options/getPluginOptions.js'
import { firstUserFields } from '../firstUserFields.js'
import { FirstUserForm } from './lazyComponents.js'

/**
 * The create-first-user page, in place of Payload's: email, the password with the policy's rules,
 * and the users collection's other fields, with the form state built on the server as Payload's own
 * view builds it. Once any account exists it sends the visitor to sign in instead.
 */
export const FirstUserView = async ({
  initPageResult,
  params,
  searchParams,
}: AdminViewServerProps) => {
  const { locale, req } = initPageResult
  const { payload } = req
  const options = getPluginOptions(payload)
  const slug = options.usersCollection
  if (await payload.db.findOne({ collection: slug, req, where: {} })) {
    const { admin } = payload.config.routes
    redirect(
      req.user
        ? admin
        : formatAdminURL({
            adminRoute: admin,
            path: payload.config.admin.routes.login as `/${string}`,
          }),
    )
  }

  // Only the fields the endpoint accepts are shown (the system's own, like the suspension group, are
  // not); presentational ones stay.
  const offered = [
    ...(await firstUserFields(req, options)).map((field) => field.name),
    'email',
    'password',
  ]
  const presentational = payload.collections[slug]!.config.fields.flatMap((field) =>
    field.type === 'ui' ? [field.name] : [],
  )
  const docPermissions = {
    create: true,
    delete: true,
    fields: Object.fromEntries(
      [...offered, ...presentational].map((name) => [name, true as const]),
    ),
    read: true,
    readVersions: true,
    update: true,
  } satisfies SanitizedDocumentPermissions
  const docPreferences = { fields: {} }
  const { state } = await buildFormState({
    collectionSlug: slug,
    data: {},
    docPermissions,
    docPreferences,
    locale: locale?.code,
    operation: 'create',
    renderAllFields: true,
    req,
    schemaPath: slug,
    skipClientConfigAuth: true,
    skipValidation: true,
  })

  const t = getBackofficeTranslation(req.i18n)
  return (
    <div className="create-first-user">
      <AdminLogo initPageResult={initPageResult} params={params} searchParams={searchParams} />
      <h1>{t('firstUserHeading')}</h1>
      <p>{t('firstUserIntro')}</p>
      <FirstUserForm
        docPermissions={docPermissions}
        docPreferences={docPreferences}
        initialState={state}
        policy={publicPasswordPolicy(options)}
        usersCollection={slug}
      />
    </div>
  )
}
