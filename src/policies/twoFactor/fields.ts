import type { CollectionSlug, Field, FieldAccess } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { label } from '../../shared/i18n/label.js'
import { isAdmin } from '../../shared/roles/isAdmin.js'
import { passkeysSlug } from './passkeys/collections.js'
import { trustedDevicesSlug } from './trustedDevices/collection.js'

/** Name of the group on each account that holds its two-factor state. */
const totpConfigFieldName = 'totpConfig'

export const totpStatuses = ['pending', 'enabled'] as const
export type TotpStatus = (typeof totpStatuses)[number]
export type { TotpConfig } from '../../shared/accounts/staffAccount.js'

/** Nobody, through any API: only the plugin's own code (database adapter calls) reads or writes it. */
const nobody: { create: FieldAccess; read: FieldAccess; update: FieldAccess } = {
  create: () => false,
  read: () => false,
  update: () => false,
}

/** The account's owner and administrators read it; nobody writes it through the API. */
const ownerOrAdminReads = (options: SanitizedBackofficeOptions) => ({
  create: () => false,
  read: (({ doc, req }) =>
    isAdmin(req.user, options) ||
    (req.user?.collection === options.usersCollection &&
      doc?.id !== undefined &&
      String(doc.id) === String(req.user.id))) as FieldAccess,
  update: () => false,
})

/**
 * Two-factor state on each account (`totpConfig`). The secret is encrypted (AES-256-GCM) and, with the
 * time step last accepted, hidden from every API and never
 * writable through one: field access refuses reading and writing, and `hidden` keeps it out of
 * responses even for code that skips access. The plugin writes these with the database adapter.
 * Status (absent: no second factor; `pending`: set up but not confirmed; `enabled`) is readable by the
 * account's owner and administrators, and so is `trustedDevices`, a join on the trusted-devices
 * collection (without token hashes).
 */
export const totpConfigField = (options: SanitizedBackofficeOptions): Field => ({
  name: totpConfigFieldName,
  type: 'group',
  access: ownerOrAdminReads(options),
  // The account page shows two-factor state through the plugin's own views and endpoints, and the
  // users list through its Second factor column; never shown in the form, the group stays known to
  // the list's filter controls, so the "without two-factor" quick filter (on `status`) reads there as
  // a condition an administrator can refine, not as a field the filter controls cannot find.
  admin: { condition: () => false, disableBulkEdit: true, disableListColumn: true },
  fields: [
    {
      name: 'status',
      type: 'select',
      access: ownerOrAdminReads(options),
      admin: { disableListColumn: true },
      label: label('fieldTwoFactorStatus'),
      options: [
        { label: label('twoFactorStatusPending'), value: 'pending' },
        { label: label('twoFactorStatusEnabled'), value: 'enabled' },
      ],
    },
    {
      name: 'enabledAt',
      type: 'date',
      access: ownerOrAdminReads(options),
      admin: { disableListColumn: true, disableListFilter: true },
      label: label('fieldTwoFactorEnabledAt'),
    },
    { name: 'secret', type: 'text', access: nobody, hidden: true },
    // A new authenticator's secret while the enabled one is being replaced (sealed like `secret`):
    // it takes over only once a code from it is entered, so a replacement left half-way changes nothing.
    { name: 'replacementSecret', type: 'text', access: nobody, hidden: true },
    // Set by an approved reset request, cleared by the next completed enrolment: the user
    // must set up two-factor again at the next sign-in, whatever the enforcement option says.
    { name: 'setupRequired', type: 'checkbox', access: nobody, hidden: true },
    // RFC 6238 §5.2, ASVS 5.0 6.5.1, NIST SP 800-63B §5.1.4.2: each time step is accepted once; a
    // code of this step or an earlier one is refused.
    { name: 'lastUsedStep', type: 'number', access: nobody, hidden: true },
    {
      name: 'trustedDevices',
      type: 'join',
      collection: trustedDevicesSlug as CollectionSlug,
      admin: { disableListColumn: true, disableListFilter: true },
      defaultLimit: 50,
      label: label('fieldTrustedDevices'),
      on: 'user',
    },
    // The account's passkeys, a join like `trustedDevices` (no column): what lets the users list be
    // filtered to accounts with or without one (`totpConfig.passkeys.user` null or not), as the security
    // overview's numbers link to.
    {
      name: 'passkeys',
      type: 'join',
      collection: passkeysSlug as CollectionSlug,
      defaultLimit: 10,
      label: label('passkeys'),
      on: 'user',
    },
  ],
  label: label('groupTwoFactor'),
})
