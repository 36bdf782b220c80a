import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { changedFieldNames } from './changedFieldNames.js'
import { recordAuditEvent } from './recordAuditEvent.js'

const rolesOf = (user: Record<string, unknown> | undefined, field: string): string[] => {
  const value = user?.[field]
  return (Array.isArray(value) ? value : value == null ? [] : [value]).map(String).sort()
}

/**
 * Hooks for the staff accounts collection: an entry when an account is created, changed or deleted,
 * and a separate `user.roleChanged` (with the roles before and after, which are not secret) so a
 * promotion stands out in the log. Sign-in, lockout, session and password events are recorded by the
 * capabilities that cause them.
 */
export const userAuditHooks = ({ roles }: Pick<SanitizedBackofficeOptions, 'roles'>) => {
  const afterChange: CollectionAfterChangeHook = async ({
    collection,
    doc,
    operation,
    previousDoc,
    req,
  }) => {
    const target = { id: doc.id as number | string, slug: collection.slug }
    if (operation === 'create') {
      await recordAuditEvent(req, {
        data: { roles: rolesOf(doc, roles.field) },
        event: 'user.created',
        target,
        user: doc,
      })
      return doc
    }
    const fields = changedFieldNames(previousDoc, doc)
    if (fields.length > 0) {
      await recordAuditEvent(req, {
        data: { fields },
        details: fields.join(', '),
        event: 'user.updated',
        target,
        user: doc,
      })
    }
    const before = rolesOf(previousDoc, roles.field)
    const after = rolesOf(doc, roles.field)
    if (roles.field in doc && before.join() !== after.join()) {
      await recordAuditEvent(req, {
        data: { from: before, to: after },
        details: `${before.join(', ')} → ${after.join(', ')}`,
        event: 'user.roleChanged',
        target,
        user: doc,
      })
    }
    return doc
  }

  const afterDelete: CollectionAfterDeleteHook = async ({ collection, doc, id, req }) => {
    await recordAuditEvent(req, {
      event: 'user.deleted',
      target: { id, slug: collection.slug },
      user: doc,
    })
  }

  return { afterChange: [afterChange], afterDelete: [afterDelete] }
}
