import type { CollectionConfig, Config } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { label } from '../../../shared/i18n/label.js'
import { translatedGroup } from '../../../shared/i18n/translatedGroup.js'
import { isAdmin } from '../../../shared/roles/isAdmin.js'
import { resetRequestsSlug } from './constants.js'
import { guardResetRequestWrites } from './guardResetRequestWrites.js'
import { resetRequestStatuses } from './transitions.js'

/**
 * The review panel shows these fields (see `ResetRequestReviewField`): Payload's form of them would
 * be a disabled editor ("Select a value", clear buttons on read-only dates). Hidden from the form
 * only: the list's columns, its filters and the API keep them.
 */
const shownByReview = { condition: () => false }

const statusLabels = {
  approved: 'resetRequestStatusApproved',
  denied: 'resetRequestStatusDenied',
  expired: 'resetRequestStatusExpired',
  pending: 'resetRequestStatusPending',
  reportedMisuse: 'resetRequestStatusReportedMisuse',
} as const

/**
 * Requests to remove a lost second factor, reviewed by administrators. Only administrators see them;
 * nobody writes them through the API: the plugin's endpoints create them and move them from pending
 * (review, expiry, misuse report), and a hook holds even Local API writes to the same rules.
 */
export const resetRequestsCollection = (
  config: Config,
  options: SanitizedBackofficeOptions,
): CollectionConfig => ({
  slug: resetRequestsSlug,
  access: {
    create: () => false,
    delete: () => false,
    read: ({ req }) => isAdmin(req.user, options),
    update: () => false,
  },
  admin: {
    defaultColumns: ['requester', 'status', 'createdAt', 'expiresAt'],
    group: translatedGroup(config, 'navGroupSecurity'),
    hidden: ({ user }) => !isAdmin(user, options),
    // Whose request it is, as a title: without one Payload titles the review "ID: 1".
    useAsTitle: 'requesterEmail',
  },
  fields: [
    {
      name: 'requester',
      type: 'relationship',
      admin: shownByReview,
      index: true,
      label: label('fieldResetRequestedBy'),
      relationTo: options.usersCollection,
      required: true,
    },
    {
      // The requester's address when they asked, kept with the request like the audit log keeps
      // it: the review's title, and the record of who asked after the address changed.
      name: 'requesterEmail',
      type: 'text',
      admin: { ...shownByReview, disableListColumn: true, disableListFilter: true },
      label: label('fieldResetRequesterEmail'),
    },
    {
      name: 'reason',
      type: 'textarea',
      admin: shownByReview,
      label: label('fieldResetReason'),
      required: true,
    },
    {
      name: 'status',
      type: 'select',
      admin: shownByReview,
      defaultValue: 'pending',
      index: true,
      label: label('fieldResetStatus'),
      options: resetRequestStatuses.map((value) => ({ label: label(statusLabels[value]), value })),
      required: true,
    },
    {
      name: 'review',
      type: 'ui',
      admin: {
        components: { Field: 'payload-backoffice/rsc#ResetRequestReviewField' },
        disableListColumn: true,
      },
    },
    {
      name: 'approver',
      type: 'relationship',
      admin: shownByReview,
      label: label('fieldResetReviewedBy'),
      relationTo: options.usersCollection,
    },
    {
      name: 'approverComment',
      type: 'textarea',
      admin: shownByReview,
      label: label('fieldResetApproverComment'),
    },
    {
      name: 'processedAt',
      type: 'date',
      admin: shownByReview,
      label: label('fieldResetReviewedAt'),
    },
    {
      name: 'expiresAt',
      type: 'date',
      admin: shownByReview,
      index: true,
      label: label('fieldResetExpiresAt'),
      required: true,
    },
    { name: 'clientIp', type: 'text', admin: shownByReview, label: label('fieldResetClientIp') },
    { name: 'userAgent', type: 'text', admin: shownByReview, label: label('fieldResetUserAgent') },
    // SHA-256 of the "this wasn't me" link's token: a database leak yields no usable link.
    {
      name: 'misuseReportTokenHash',
      type: 'text',
      access: { create: () => false, read: () => false, update: () => false },
      hidden: true,
    },
    // The requester's id while the request is pending, null once it is processed. Unique, and PostgreSQL
    // lets many rows hold null: two parallel requests of one account cannot both be pending.
    {
      name: 'pendingKey',
      type: 'text',
      access: { create: () => false, read: () => false, update: () => false },
      hidden: true,
      unique: true,
    },
  ],
  graphQL: false,
  hooks: { beforeChange: [guardResetRequestWrites] },
  labels: { plural: label('resetRequestsPlural'), singular: label('resetRequestsSingular') },
})
