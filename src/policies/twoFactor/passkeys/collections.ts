import type { CollectionConfig } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { ownerOrAdministratorReads } from '../../../shared/access/ownerOrAdministratorReads.js'
import { pluginWritesOnly } from '../../../shared/access/pluginWritesOnly.js'
import { label } from '../../../shared/i18n/label.js'

export const passkeysSlug = 'passkeys'
export const passkeyChallengesSlug = 'passkey-challenges'

/**
 * Passkeys (WebAuthn credentials), one row each, like trusted devices: each sign-in's counter update
 * is one atomic UPDATE and each removal one DELETE, never a whole array written back from a stale
 * read. Only the public key is stored; the private key never leaves the authenticator. The owner and
 * administrators read the list (never the key); no API writes it: the endpoints in this folder do.
 */
export const passkeysCollection = (options: SanitizedBackofficeOptions): CollectionConfig => ({
  slug: passkeysSlug,
  access: pluginWritesOnly(ownerOrAdministratorReads(options)),
  admin: { hidden: true },
  fields: [
    {
      name: 'user',
      type: 'relationship',
      index: true,
      relationTo: options.usersCollection,
      required: true,
    },
    { name: 'name', type: 'text', label: label('passkeyName'), required: true },
    // base64url, as WebAuthn's JSON encodes it; an authenticator's credential is one account's only.
    { name: 'credentialId', type: 'text', index: true, required: true, unique: true },
    {
      name: 'publicKey',
      type: 'text',
      access: { create: () => false, read: () => false, update: () => false },
      hidden: true,
      required: true,
    },
    // The user handle the credential was created with (WebAuthn §5.4.3), checked at each password-less sign-in.
    {
      name: 'userHandle',
      type: 'text',
      access: { create: () => false, read: () => false, update: () => false },
      hidden: true,
      required: true,
    },
    { name: 'counter', type: 'number', defaultValue: 0, required: true },
    { name: 'transports', type: 'json' },
    { name: 'deviceType', type: 'text' },
    { name: 'backedUp', type: 'checkbox', defaultValue: false },
    { name: 'browser', type: 'text', label: label('fieldTrustedDeviceBrowser') },
    { name: 'os', type: 'text', label: label('fieldTrustedDeviceOs') },
    { name: 'lastUsedAt', type: 'date', label: label('fieldTrustedDeviceLastUsedAt') },
  ],
  labels: { plural: label('passkeys'), singular: label('passkey') },
})

/**
 * Challenges handed to a browser for one WebAuthn ceremony of a signed-in or password-proved account:
 * the random challenge, what it is for, whose it is and until when. A password-less sign-in's
 * challenge is not stored here but sealed in a cookie (signInChallenge.ts), since anyone may ask for
 * one; `signIn` stays among the purposes so the schema does not change. A row is deleted when a response
 * names it, whether the response then verifies or not, so each challenge is used at most once
 * (WebAuthn §13.4.3). No API reaches it.
 */
export const passkeyChallengesCollection = (
  options: SanitizedBackofficeOptions,
): CollectionConfig => ({
  slug: passkeyChallengesSlug,
  access: pluginWritesOnly(),
  admin: { hidden: true },
  fields: [
    { name: 'challenge', type: 'text', index: true, required: true, unique: true },
    {
      name: 'purpose',
      type: 'select',
      options: ['registration', 'secondFactor', 'signIn', 'sudo'],
      required: true,
    },
    { name: 'user', type: 'relationship', index: true, relationTo: options.usersCollection },
    { name: 'expiresAt', type: 'date', index: true, required: true },
  ],
  graphQL: false,
})
