import type { CollectionConfig, Config, Field } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'
import type { BackofficeTranslationKey } from '../translations/types.js'

import { pluginWritesOnly } from '../access/pluginWritesOnly.js'
import { label } from '../i18n/label.js'
import { translatedGroup } from '../i18n/translatedGroup.js'
import { isAdmin } from '../roles/isAdmin.js'
import { translationNamespace } from '../translations/index.js'
import { auditCategories } from './auditCategories.js'
import { auditEvents } from './auditEvents.js'
import { exportAuditLogCsvEndpoint } from './endpoints/exportAuditLogCsv.js'
import { guardAuditLogWrites } from './guardAuditLogWrites.js'

const cell = (name: string) => ({ Cell: `payload-backoffice/client#${name}` })

// A dash where nothing was recorded, rather than Payload's "<No Done by>".
const readOnlyText = (
  name: string,
  key: BackofficeTranslationKey,
  description?: BackofficeTranslationKey,
): Field => ({
  name,
  type: 'text',
  admin: {
    components: cell('AuditTextCell'),
    readOnly: true,
    ...(description ? { description: label(description) } : {}),
  },
  label: label(key),
})

const listSearchableFields = ['actor', 'user', 'details']

/**
 * The audit log: one entry per security or content event, written only by `recordAuditEvent`.
 * Nobody creates, edits or deletes an entry through REST, GraphQL or the admin (access below), nor
 * through the Local API (the `beforeOperation` guard); administrators read it, nobody else. Who was
 * involved is stored as text rather than as relationships: a relationship's foreign key is set to
 * null when the user is deleted, which would rewrite history, and would leave a failed sign-in for an
 * unknown email nothing to point to.
 */
export const auditLogCollection = (
  config: Config,
  options: SanitizedBackofficeOptions,
): CollectionConfig => ({
  slug: options.audit.slug,
  access: pluginWritesOnly(
    ({ req }) => req.user?.collection === options.usersCollection && isAdmin(req.user, options),
  ),
  admin: {
    components: {
      beforeListTable: [
        {
          clientProps: { slug: options.audit.slug },
          path: 'payload-backoffice/client#AuditLogListTools',
        },
      ],
    },
    defaultColumns: ['timestamp', 'event', 'category', 'actor', 'user', 'ipAddress'],
    description: ({ t }) =>
      (t as unknown as (key: string, variables: Record<string, unknown>) => string)(
        `${translationNamespace}:auditLogDescription`,
        { days: options.audit.retentionDays },
      ),
    disableCopyToLocale: true,
    group: translatedGroup(config, 'navGroupSecurity'),
    listSearchableFields,
    useAsTitle: 'timestamp',
  },
  defaultSort: '-timestamp',
  disableBulkEdit: true,
  endpoints: [exportAuditLogCsvEndpoint(options, listSearchableFields)],
  disableDuplicate: true,
  fields: [
    {
      name: 'timestamp',
      type: 'date',
      // Shown in the admin's own date format with the time zone (see useAuditTime).
      admin: {
        components: cell('AuditTimeCell'),
        date: { pickerAppearance: 'dayAndTime' },
        readOnly: true,
      },
      index: true,
      label: label('auditFieldTimestamp'),
      required: true,
    },
    {
      name: 'event',
      type: 'select',
      admin: { components: cell('AuditEventCell'), readOnly: true },
      index: true,
      label: label('auditFieldEvent'),
      options: Object.entries(auditEvents).map(([value, { translationKey }]) => ({
        label: label(translationKey),
        value,
      })),
      required: true,
    },
    {
      name: 'category',
      type: 'select',
      admin: { components: cell('AuditCategoryCell'), readOnly: true },
      index: true,
      label: label('auditFieldCategory'),
      options: Object.entries(auditCategories).map(([value, { translationKey }]) => ({
        label: label(translationKey),
        value,
      })),
      required: true,
    },
    readOnlyText('actor', 'auditFieldActor', 'auditFieldActorDescription'),
    // The names are the emails as they were; the ids say which account it was, even after a rename
    // (an administrator who takes a colleague's address, acts and renames back is still named).
    readOnlyText('actorId', 'auditFieldActorId', 'auditFieldActorIdDescription'),
    // Indexed through the compound index below, whose leading column it is.
    readOnlyText('user', 'auditFieldUser'),
    readOnlyText('userId', 'auditFieldUserId', 'auditFieldUserIdDescription'),
    readOnlyText('targetSlug', 'auditFieldTargetSlug'),
    readOnlyText('targetObject', 'auditFieldTargetObject'),
    {
      name: 'details',
      type: 'textarea',
      admin: { components: cell('AuditTextCell'), readOnly: true },
      label: label('auditFieldDetails'),
    },
    {
      name: 'data',
      type: 'json',
      // A list of names and values rather than Payload's code editor, which loads from a CDN.
      admin: {
        components: { Field: 'payload-backoffice/client#AuditDataField' },
        readOnly: true,
      },
      label: label('auditFieldData'),
    },
    readOnlyText(
      'ipAddress',
      'auditFieldIpAddress',
      // Next.js keeps an X-Forwarded-For the client sent and gives route handlers no socket: without
      // a trusted proxy writing that header, the address is the client's claim, and is shown as one.
      options.trustProxy
        ? 'auditFieldIpAddressDescription'
        : 'auditFieldIpAddressClaimedDescription',
    ),
    readOnlyText('clientIp', 'auditFieldClientIp', 'auditFieldClientIpDescription'),
    readOnlyText('userAgent', 'auditFieldUserAgent'),
  ],
  // REST and the admin already answer 403; GraphQL without mutations offers nothing to try.
  graphQL: { disableMutations: true },
  hooks: { beforeOperation: [guardAuditLogWrites] },
  // The admin's "one person's history" query: filtered by user and event, newest first. Its leading
  // column also serves filters by user alone, so `user` needs no index of its own. The security
  // overview counts events of a kind over a period (sign-ins per day, alerts this week): (event,
  // timestamp) reads just that range, where the single-column indexes leave one side to the heap.
  indexes: [{ fields: ['user', 'event', 'timestamp'] }, { fields: ['event', 'timestamp'] }],
  labels: { plural: label('auditLogPlural'), singular: label('auditLogSingular') },
  // Entries never change, so there is nothing to lock against concurrent edits.
  lockDocuments: false,
  timestamps: true,
})
