import type { Field, FieldAccess } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { systemControlledFieldAccess } from '../../shared/access/fieldAccess.js'
import { label } from '../../shared/i18n/label.js'

export const invitationStatuses = ['pending', 'accepted', 'revoked'] as const
export type InvitationStatus = (typeof invitationStatuses)[number]

/** The invitation state of an account as stored (a group on the users collection). */
export type InvitationState = {
  acceptedAt?: null | string
  deliveryFailed?: boolean | null
  expiresAt?: null | string
  invitedAt?: null | string
  invitedBy?: unknown
  status?: InvitationStatus | null
  tokenHash?: null | string
}

/** Name of the group on each account; empty for accounts created with a password. */
const invitationFieldName = 'invitation'

const nobody: FieldAccess = () => false

/**
 * The invitation of an account created without a password: whether it is pending, accepted or
 * revoked, until when its link works, who sent it. Only the plugin writes these (through the Local
 * API or SQL); administrators read them. The token itself is never stored, only its SHA-256
 * (ASVS 5.0 6.4.1), and even that is hidden from every API and unreadable by anyone.
 */
export const invitationGroupField = (options: SanitizedBackofficeOptions): Field => {
  const access = systemControlledFieldAccess(options)
  // The panel (`InvitationField`) says where the invitation stands in a sentence; these fields are
  // its data, hidden in the form (six disabled boxes in the sidebar said it again, issue 38 item 9)
  // and kept for the list's columns and filters and the API.
  const shownByPanel = { hidden: true }
  return {
    name: invitationFieldName,
    type: 'group',
    access,
    admin: {
      // Accounts created with a password were never invited: no empty panel for them.
      condition: (data) =>
        Boolean((data as { invitation?: InvitationState } | undefined)?.invitation?.status),
      position: 'sidebar',
    },
    fields: [
      {
        name: 'status',
        type: 'select',
        access,
        admin: shownByPanel,
        index: true,
        label: label('fieldInvitationStatus'),
        options: [
          { label: label('invitationStatusPending'), value: 'pending' },
          { label: label('invitationStatusAccepted'), value: 'accepted' },
          { label: label('invitationStatusRevoked'), value: 'revoked' },
        ],
      },
      {
        name: 'tokenHash',
        type: 'text',
        access: { create: nobody, read: nobody, update: nobody },
        hidden: true,
        index: true,
      },
      {
        name: 'expiresAt',
        type: 'date',
        access,
        admin: shownByPanel,
        label: label('fieldInvitationExpiresAt'),
      },
      {
        name: 'invitedBy',
        type: 'relationship',
        access,
        admin: shownByPanel,
        label: label('fieldInvitedBy'),
        relationTo: options.usersCollection,
      },
      {
        name: 'invitedAt',
        type: 'date',
        access,
        admin: shownByPanel,
        label: label('fieldInvitedAt'),
      },
      {
        name: 'acceptedAt',
        type: 'date',
        access,
        admin: shownByPanel,
        label: label('fieldInvitationAcceptedAt'),
      },
      {
        // Set when the last invitation email could not be handed to the mail server, so the
        // administrator sees it on the account and can resend.
        name: 'deliveryFailed',
        type: 'checkbox',
        access,
        // Hidden in the form; the column chooser lists group fields whatever `hidden` says.
        admin: { disableListColumn: true, hidden: true },
        defaultValue: false,
      },
      {
        name: 'manage',
        type: 'ui',
        admin: {
          components: {
            Field: {
              clientProps: { enabled: options.enabled, usersCollection: options.usersCollection },
              path: 'payload-backoffice/client#InvitationField',
            },
          },
          disableListColumn: true,
        },
      },
    ],
    label: label('groupInvitation'),
  }
}
