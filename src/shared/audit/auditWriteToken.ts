/**
 * The proof, carried in `context`, that a write to the audit log comes from this plugin. The log is
 * append-only even for code holding `overrideAccess: true` (OWASP ASVS 5.0 16.4.2), so its
 * `beforeOperation` hook refuses every create, update and delete without one. The values are
 * module-private symbols: a string could be typed by any Local API caller, a symbol only obtained
 * from this module, which the package does not export. `record` allows creating one entry through
 * the Local API (seeding a log; the plugin's own entries go to the database adapter directly, see
 * recordAuditEvent.ts), `prune` allows the retention task to delete expired ones; nothing allows an
 * update.
 */
export const auditWriteToken = {
  contextKey: 'payloadBackofficeAuditWrite',
  prune: Symbol('payload-backoffice audit prune'),
  record: Symbol('payload-backoffice audit record'),
} as const
