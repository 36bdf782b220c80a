import type { CollectionSlug, Payload, Where } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { withAdministratorRole } from './withAdministratorRole.js'

const noAdministratorWarning = (options: SanitizedBackofficeOptions) =>
  `payload-backoffice: no account holds the administrator role ("${options.roles.admin}" in the field "${options.roles.field}" of "${options.usersCollection}"), so nobody can review the audit log, unblock accounts or end sessions. Name an existing account in the plugin option \`roles.administratorEmails\` and restart (see the migration notes in the package's docs/migrations.md).`

/**
 * At start-up, after the app's own `onInit`: while accounts exist but none is an administrator,
 * grants the role to the existing accounts `roles.administratorEmails` names, then warns when there
 * is still none. An empty database is left alone: its first account becomes the administrator.
 *
 * Only a bootstrap, so the list cannot become a way in later: it acts only while nobody holds the
 * role, never creates an account, compares the email as Payload stores it (trimmed, lower-cased)
 * and skips an account whose address is not verified where the collection verifies addresses.
 * Someone who gets an account with a listed address afterwards (single sign-on provisioning, an
 * email change) gains nothing once the first administrator exists. Each grant goes through
 * `payload.update`, so the audit log records it (`user.roleChanged`, with no actor).
 */
export const administratorAtStartUp = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
): Promise<void> => {
  const collection = options.usersCollection as CollectionSlug
  const { admin, administratorEmails, field: fieldName } = options.roles
  const accounts = await payload.count({ collection, overrideAccess: true })
  if (accounts.totalDocs === 0) {
    return
  }
  const administrators: Where = { [fieldName]: { in: [admin] } }
  let existing: number
  try {
    existing = (await payload.count({ collection, overrideAccess: true, where: administrators }))
      .totalDocs
  } catch (error) {
    // A roles field of a shape `isAdmin` cannot read (a relationship to a roles collection) must not
    // stop the app from starting; the warning says why nothing was checked.
    payload.logger.warn({
      err: error,
      msg: `payload-backoffice: could not count the accounts holding "${admin}" in "${fieldName}"; roles.administratorEmails was not applied.`,
    })
    return
  }
  if (existing > 0) {
    return
  }
  const usersConfig = payload.collections[collection]!.config
  const field = usersConfig.flattenedFields.find((candidate) => candidate.name === fieldName)
  for (const email of administratorEmails) {
    const { docs } = await payload.find({
      collection,
      depth: 0,
      limit: 1,
      overrideAccess: true,
      pagination: false,
      where: { email: { equals: email } },
    })
    const account = docs[0] as Record<string, unknown> | undefined
    if (!account || account.email !== email) {
      payload.logger.warn(
        `payload-backoffice: roles.administratorEmails names ${email}, which has no account; none is created.`,
      )
      continue
    }
    if (usersConfig.auth.verify && account._verified !== true) {
      payload.logger.warn(
        `payload-backoffice: roles.administratorEmails names ${email}, whose address is not verified; not made an administrator.`,
      )
      continue
    }
    await payload.update({
      id: account.id as number | string,
      collection,
      data: { [fieldName]: withAdministratorRole(account[fieldName], field, admin) },
      depth: 0,
      overrideAccess: true,
    })
    payload.logger.info(
      `payload-backoffice: ${email} was made an administrator (roles.administratorEmails).`,
    )
  }
  const after = await payload.count({ collection, overrideAccess: true, where: administrators })
  if (after.totalDocs === 0) {
    payload.logger.warn(noAdministratorWarning(options))
  }
}
