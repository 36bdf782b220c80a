import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeOperationHook,
  PayloadRequest,
} from 'payload'

import type { AuditEventName } from './auditEvents.js'

import { changedFieldNames } from './changedFieldNames.js'
import { recordAuditEvent } from './recordAuditEvent.js'

/**
 * Requests restoring a version, by collection slug. Payload runs a restore's `afterChange` as an
 * ordinary update, with the previous document in every locale, so the hook needs to know, and the
 * request object is the only thing both hooks see. A WeakMap keeps nothing alive after the request.
 */
const restoringVersion = new WeakMap<PayloadRequest, { slug: string; versionId: unknown }>()

type Doc = Record<string, unknown>

const eventFor = ({
  doc,
  drafts,
  operation,
  previousDoc,
}: {
  doc: Doc
  drafts: boolean
  operation: 'create' | 'update'
  previousDoc: Doc | undefined
}): AuditEventName => {
  if (operation === 'create') {
    return 'content.created'
  }
  // Trash is an update of `deletedAt`: into the trash is a deletion, out of it a restore.
  if (!previousDoc?.deletedAt && doc.deletedAt) {
    return 'content.deleted'
  }
  if (previousDoc?.deletedAt && !doc.deletedAt) {
    return 'content.restored'
  }
  return drafts && doc._status === 'published' ? 'content.published' : 'content.updated'
}

/**
 * Hooks for a content collection named in `audit.collections`: creation, changes (autosaves
 * included: each is a change someone made), publishing, moving to and out of the trash, restoring a
 * version and deletion, each with the names of the fields that changed and never their values.
 */
export const contentAuditHooks = () => {
  const beforeOperation: CollectionBeforeOperationHook = ({ args, collection, operation, req }) => {
    if (operation === 'restoreVersion') {
      restoringVersion.set(req, { slug: collection.slug, versionId: (args as { id?: unknown }).id })
    }
  }

  const afterChange: CollectionAfterChangeHook = async ({
    collection,
    doc,
    operation,
    previousDoc,
    req,
  }) => {
    const target = { id: doc.id as number | string, slug: collection.slug }
    const common = {
      locale: req.locale ?? null,
      status: (doc._status as string | undefined) ?? null,
    }
    const restore = restoringVersion.get(req)
    if (restore?.slug === collection.slug) {
      restoringVersion.delete(req)
      await recordAuditEvent(req, {
        data: { ...common, version: String(restore.versionId) },
        event: 'content.restored',
        target,
      })
      return doc
    }
    const fields = changedFieldNames(operation === 'create' ? {} : previousDoc, doc)
    const drafts = Boolean(collection.versions && collection.versions.drafts)
    const event = eventFor({ doc, drafts, operation, previousDoc })
    await recordAuditEvent(req, {
      data: { ...common, fields },
      details: fields.join(', '),
      event,
      target,
    })
    // A document created already published is both created and published.
    if (event === 'content.created' && drafts && doc._status === 'published') {
      await recordAuditEvent(req, {
        data: { ...common, fields },
        details: fields.join(', '),
        event: 'content.published',
        target,
      })
    }
    return doc
  }

  const afterDelete: CollectionAfterDeleteHook = async ({ collection, id, req }) => {
    await recordAuditEvent(req, {
      data: { permanently: true },
      event: 'content.deleted',
      target: { id, slug: collection.slug },
    })
  }

  return {
    afterChange: [afterChange],
    afterDelete: [afterDelete],
    beforeOperation: [beforeOperation],
  }
}
