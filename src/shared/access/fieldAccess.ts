import type { FieldAccess } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { isAdmin } from '../roles/isAdmin.js'

/**
 * Access for fields only the plugin writes: administrators read them, nobody writes them through the
 * API (the plugin's own writes go through the Local API, which skips field access).
 */
export const systemControlledFieldAccess = (
  options: Pick<SanitizedBackofficeOptions, 'roles'>,
): { create: FieldAccess; read: FieldAccess; update: FieldAccess } => ({
  create: () => false,
  read: ({ req }) => isAdmin(req.user, options),
  update: () => false,
})
