import type { CollectionConfig } from 'payload'

import { windowCountsCollection } from '../../lockout/clientAttempts.js'

export const strengthChecksSlug = 'password-strength-checks'

/**
 * The strength meter's checks per client address and minute (see passwordStrengthEndpoint.ts), in
 * the database like the per-address sign-in limit, so that several app processes hold one limit
 * between them rather than one each.
 */
export const strengthChecksCollection = (): CollectionConfig =>
  windowCountsCollection(strengthChecksSlug)
