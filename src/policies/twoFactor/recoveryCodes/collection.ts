import type { CollectionConfig } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { pluginWritesOnly } from '../../../shared/access/pluginWritesOnly.js'

export const recoveryCodesSlug = 'recovery-codes'

/**
 * Each account's recovery codes, one row a code: the owner, the code's salted hash (never the code:
 * NIST SP 800-63B §5.1.2.2; SHA-256, or scrypt for codes of earlier versions), and when it was used. Rows of their own rather than an array on
 * the account, for the reason trusted devices have theirs: Payload writes a whole account back from
 * an earlier read, which could bring a used code back to life. Each use is one atomic UPDATE here.
 * No API reaches the collection; the plugin's endpoints say how many codes remain, never which.
 */
export const recoveryCodesCollection = (options: SanitizedBackofficeOptions): CollectionConfig => ({
  slug: recoveryCodesSlug,
  access: pluginWritesOnly(),
  admin: { hidden: true },
  fields: [
    {
      name: 'user',
      type: 'relationship',
      index: true,
      relationTo: options.usersCollection,
      required: true,
    },
    { name: 'codeHash', type: 'text', required: true },
    { name: 'usedAt', type: 'date' },
  ],
  graphQL: false,
})
