import type { Field } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { systemControlledFieldAccess } from '../../shared/access/fieldAccess.js'
import { label } from '../../shared/i18n/label.js'

export const suspensionReasons = [
  'securityIncident',
  'excessiveFailures',
  'misuseReport',
  'administrator',
  'secondFactorFailures',
  // Something was added to how the account signs in while it may have been in someone else's hands:
  // held until an administrator removes it (see evictIntruder.ts); a password reset does not lift it.
  'recoveryReview',
] as const
export type SuspensionReason = (typeof suspensionReasons)[number]

/** The Security group on each account: whether it may sign in, and if not, since when, why and by whom. */
export const securityGroupField = (options: SanitizedBackofficeOptions): Field => ({
  name: 'security',
  type: 'group',
  access: systemControlledFieldAccess(options),
  // Administrators read and act on it in the account security panel at the top of the page (status,
  // reason, since when, Unblock); the fields stay for the users list's columns and filters.
  admin: { condition: () => false, position: 'sidebar' },
  fields: [
    {
      name: 'status',
      type: 'select',
      access: systemControlledFieldAccess(options),
      admin: { readOnly: true },
      defaultValue: 'active',
      index: true,
      label: label('fieldAccountStatus'),
      options: [
        { label: label('accountStatusActive'), value: 'active' },
        { label: label('accountStatusSuspended'), value: 'suspended' },
      ],
    },
    {
      name: 'suspendedAt',
      type: 'date',
      access: systemControlledFieldAccess(options),
      admin: { date: { pickerAppearance: 'dayAndTime' }, readOnly: true },
      label: label('fieldSuspendedAt'),
    },
    {
      name: 'suspensionReason',
      type: 'select',
      access: systemControlledFieldAccess(options),
      admin: { readOnly: true },
      label: label('fieldSuspensionReason'),
      options: [
        { label: label('suspensionReasonSecurityIncident'), value: 'securityIncident' },
        { label: label('suspensionReasonExcessiveFailures'), value: 'excessiveFailures' },
        { label: label('suspensionReasonMisuseReport'), value: 'misuseReport' },
        { label: label('suspensionReasonAdministrator'), value: 'administrator' },
        {
          label: label('suspensionReasonSecondFactorFailures'),
          value: 'secondFactorFailures',
        },
        { label: label('suspensionReasonRecoveryReview'), value: 'recoveryReview' },
      ],
    },
    {
      // Under a recovery review: what was added to the account's sign-in from this time on is what
      // the review lists and its approval removes.
      name: 'reviewSince',
      type: 'date',
      access: systemControlledFieldAccess(options),
      admin: { date: { pickerAppearance: 'dayAndTime' }, readOnly: true },
      label: label('fieldReviewSince'),
    },
    {
      name: 'suspendedBy',
      type: 'relationship',
      access: systemControlledFieldAccess(options),
      admin: { readOnly: true },
      label: label('fieldSuspendedBy'),
      relationTo: options.usersCollection,
    },
  ],
  label: label('groupSecurity'),
})
