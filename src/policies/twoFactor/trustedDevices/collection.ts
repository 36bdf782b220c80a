import type { CollectionConfig } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { ownerOrAdministratorReads } from '../../../shared/access/ownerOrAdministratorReads.js'
import { pluginWritesOnly } from '../../../shared/access/pluginWritesOnly.js'
import { label } from '../../../shared/i18n/label.js'

export const trustedDevicesSlug = 'trusted-devices'

/**
 * Devices whose owner chose "trust this device": one row each, shown on the account as
 * `totpConfig.trustedDevices` (a join). Rows of their own rather than an array on the account: Payload
 * writes a whole array back from what it read earlier on every sign-in and account update, which could
 * bring back a token just rotated or a device just removed. Here each use is one atomic UPDATE and each
 * removal one DELETE. The owner and administrators read them, never the token hash; no API writes them.
 */
export const trustedDevicesCollection = (
  options: SanitizedBackofficeOptions,
): CollectionConfig => ({
  slug: trustedDevicesSlug,
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
    { name: 'browser', type: 'text', label: label('fieldTrustedDeviceBrowser') },
    { name: 'os', type: 'text', label: label('fieldTrustedDeviceOs') },
    { name: 'lastUsedAt', type: 'date', label: label('fieldTrustedDeviceLastUsedAt') },
    // Whether the sign-in that trusted it ended with a passkey: only such a device may stand in for
    // a passkey that the account's role requires (see twoFactor/secondFactorDue.ts).
    {
      name: 'afterPasskey',
      type: 'checkbox',
      defaultValue: false,
      label: label('fieldTrustedDeviceAfterPasskey'),
    },
    {
      name: 'expirationDate',
      type: 'date',
      index: true,
      label: label('fieldTrustedDeviceExpirationDate'),
      required: true,
    },
    // SHA-256 of the cookie's token: a database leak yields no usable device token.
    {
      name: 'tokenHash',
      type: 'text',
      access: { create: () => false, read: () => false, update: () => false },
      hidden: true,
      required: true,
      unique: true,
    },
  ],
  labels: { plural: label('fieldTrustedDevices'), singular: label('fieldTrustedDevices') },
})
