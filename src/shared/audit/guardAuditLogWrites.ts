import type { CollectionBeforeOperationHook } from 'payload'

import { BackofficeError } from '../errors/BackofficeError.js'
import { auditWriteToken } from './auditWriteToken.js'

/** Operations that would add, change or remove an entry. */
const WRITES = new Set(['create', 'delete', 'deleteByID', 'restoreVersion', 'update', 'updateByID'])

/**
 * The audit log is append-only for everyone, Local API callers with `overrideAccess: true` included
 * (OWASP ASVS 5.0 16.4.2): access control alone stops REST, GraphQL and the admin, but Local API
 * calls skip it. A create needs the `record` token (the plugin's own entries skip the Local API and go
 * to the database adapter, see recordAuditEvent.ts), only the retention task may delete, and nothing
 * may update.
 */
export const guardAuditLogWrites: CollectionBeforeOperationHook = ({ context, operation, req }) => {
  if (!WRITES.has(operation)) {
    return
  }
  const token = context[auditWriteToken.contextKey]
  const allowed =
    (operation === 'create' && token === auditWriteToken.record) ||
    (operation === 'delete' && token === auditWriteToken.prune)
  if (!allowed) {
    throw new BackofficeError('ACCESS_DENIED', { req, variables: { action: operation } })
  }
}
