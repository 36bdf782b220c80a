import type { CollectionConfig } from 'payload'

import { pluginWritesOnly } from '../access/pluginWritesOnly.js'

export const spentStatesSlug = 'spent-states'

/**
 * The sealed values (see sealState.ts) already redeemed, until they would have expired anyway: only
 * a SHA-256 of what each was for and its unique part (an SSO `state`, a passkey challenge). The
 * unique index makes redemption single use across every app process (OWASP ASVS 5.0 10.1.2;
 * WebAuthn §13.4.3). A row is written only when a valid value is redeemed, never when one is handed
 * out, so an anonymous client cannot fill this table by asking for sign-ins. No API reaches it.
 */
export const spentStatesCollection = (): CollectionConfig => ({
  slug: spentStatesSlug,
  access: pluginWritesOnly(),
  admin: { hidden: true },
  fields: [
    { name: 'digest', type: 'text', index: true, required: true, unique: true },
    { name: 'expiresAt', type: 'date', index: true, required: true },
  ],
  graphQL: false,
})
