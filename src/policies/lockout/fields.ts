import type { Field } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { systemControlledFieldAccess } from '../../shared/access/fieldAccess.js'
import { description } from '../../shared/i18n/direction.js'
import { label } from '../../shared/i18n/label.js'

/**
 * Sign-in state on each account. The lockout reads and writes these with single SQL statements so
 * that concurrent attempts, from any number of app processes, are counted exactly.
 */
export const signInStateFields = (options: SanitizedBackofficeOptions): Field => ({
  type: 'collapsible',
  admin: {
    // Administrators read these in the account security panel at the top of the page, with the
    // lock's end only while it is ahead; others would see an empty box. The fields stay for the
    // users list's columns and filters.
    condition: () => false,
    initCollapsed: true,
    position: 'sidebar',
  },
  fields: [
    {
      name: 'consecutiveFailedLogins',
      type: 'number',
      access: systemControlledFieldAccess(options),
      admin: { readOnly: true },
      defaultValue: 0,
      label: label('fieldConsecutiveFailedLogins'),
    },
    {
      name: 'lockoutUntil',
      type: 'date',
      access: systemControlledFieldAccess(options),
      admin: {
        components: { Cell: 'payload-backoffice/client#LockedUntilCell' },
        date: { pickerAppearance: 'dayAndTime' },
        readOnly: true,
      },
      label: label('fieldLockoutUntil'),
    },
    {
      name: 'lastFailedLoginAt',
      type: 'date',
      access: systemControlledFieldAccess(options),
      admin: { date: { pickerAppearance: 'dayAndTime' }, readOnly: true },
      label: label('fieldLastFailedLoginAt'),
    },
    {
      // Wrong second-factor codes since the last right one, from any browser; a password reset keeps
      // them (see secondFactorGuesses.ts).
      name: 'secondFactorFailures',
      type: 'number',
      access: systemControlledFieldAccess(options),
      admin: { description: description('fieldSecondFactorFailuresDescription'), readOnly: true },
      defaultValue: 0,
      label: label('fieldSecondFactorFailures'),
    },
  ],
  label: label('groupSignIn'),
})
