import type { CollectionConfig, Config, Field, Where } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { label } from '../../shared/i18n/label.js'
import { translatedGroup } from '../../shared/i18n/translatedGroup.js'
import { isAdmin } from '../../shared/roles/isAdmin.js'

const readOnlyDate = (name: string, key: Parameters<typeof label>[0], index = false): Field => ({
  name,
  type: 'date',
  admin: { date: { pickerAppearance: 'dayAndTime' }, readOnly: true },
  index,
  label: label(key),
})

const readOnlyText = (
  name: string,
  key: Parameters<typeof label>[0],
  description?: Parameters<typeof label>[0],
): Field => ({
  name,
  type: 'text',
  admin: { readOnly: true, ...(description ? { description: label(description) } : {}) },
  label: label(key),
})

/**
 * One document per Payload session. Payload's own `sessions` array on the user decides whether a
 * token is accepted; these documents say where each session came from, when it was last used and
 * how it ended. Only the plugin writes them, through the Local API: nobody creates, edits or deletes
 * one through REST or GraphQL, so the record of who was signed in cannot be doctored.
 */
export const sessionsCollection = (
  options: SanitizedBackofficeOptions,
  config: Config,
): CollectionConfig => ({
  slug: options.sessions.slug,
  access: {
    create: () => false,
    delete: () => false,
    // Administrators see every session; everyone else only their own.
    read: ({ req }): boolean | Where => {
      if (!req.user) {
        return false
      }
      if (req.user.collection === options.usersCollection && isAdmin(req.user, options)) {
        return true
      }
      return req.user.collection === options.usersCollection
        ? { user: { equals: req.user.id } }
        : false
    },
    update: () => false,
  },
  admin: {
    defaultColumns: ['user', 'browser', 'os', 'ipAddress', 'lastSeenAt', 'revokedAt'],
    // Beside the audit log in the admin's menu.
    group: translatedGroup(config, 'navGroupSecurity'),
    hidden: ({ user }) => !isAdmin(user, options),
    useAsTitle: 'browser',
  },
  defaultSort: '-createdAt',
  disableDuplicate: true,
  fields: [
    {
      name: 'user',
      type: 'relationship',
      admin: { readOnly: true },
      index: true,
      label: label('fieldSessionUser'),
      relationTo: options.usersCollection,
      required: true,
    },
    {
      // Payload's session id, as signed into the token: the link to the user's `sessions` entry.
      name: 'sid',
      type: 'text',
      access: { update: () => false },
      admin: { readOnly: true },
      index: true,
      label: label('fieldSessionSid'),
      required: true,
      unique: true,
    },
    readOnlyDate('lastSeenAt', 'fieldSessionLastSeenAt'),
    readOnlyDate('expiresAt', 'fieldSessionExpiresAt', true),
    readOnlyText(
      'ipAddress',
      'fieldSessionIpAddress',
      options.trustProxy ? undefined : 'auditFieldIpAddressClaimedDescription',
    ),
    readOnlyText('clientIp', 'fieldSessionClientIp'),
    readOnlyText('userAgent', 'fieldSessionUserAgent'),
    readOnlyText('browser', 'fieldSessionBrowser'),
    readOnlyText('os', 'fieldSessionOs'),
    readOnlyText('deviceType', 'fieldSessionDeviceType'),
    {
      name: 'authenticationLevel',
      type: 'select',
      admin: { readOnly: true },
      defaultValue: 'password',
      label: label('fieldSessionAuthenticationLevel'),
      options: [
        { label: label('authenticationLevelPassword'), value: 'password' },
        { label: label('authenticationLevelMfa'), value: 'mfa' },
        { label: label('authenticationLevelPasskey'), value: 'passkey' },
      ],
      required: true,
    },
    // When this session last proved its owner: at sign-in, and again each time the password is
    // confirmed. Sensitive changes need it recent ("sudo mode", src/policies/sudo). Written alone, by sid.
    readOnlyDate('provedAt', 'fieldSessionProvedAt'),
    // Signed in through a single sign-on provider: which one, and the provider's own session id
    // and (hashed) subject, by which its back-channel logout finds this session.
    readOnlyText('signInProvider', 'fieldSessionSignInProvider'),
    { ...readOnlyText('providerSessionId', 'fieldSessionProviderSessionId'), index: true } as Field,
    { ...readOnlyText('providerSubject', 'fieldSessionProviderSubject'), index: true } as Field,
    readOnlyDate('revokedAt', 'fieldSessionRevokedAt', true),
    {
      name: 'revokedReason',
      type: 'select',
      admin: { readOnly: true },
      label: label('fieldSessionRevokedReason'),
      options: [
        { label: label('sessionRevokedReasonUser'), value: 'user' },
        { label: label('sessionRevokedReasonAdministrator'), value: 'administrator' },
        { label: label('sessionRevokedReasonSuspension'), value: 'suspension' },
        { label: label('sessionRevokedReasonPasswordChange'), value: 'passwordChange' },
        { label: label('sessionRevokedReasonPasswordReset'), value: 'passwordReset' },
        { label: label('sessionRevokedReasonLogout'), value: 'logout' },
        { label: label('sessionRevokedReasonExpired'), value: 'expired' },
        { label: label('sessionRevokedReasonLockout'), value: 'lockout' },
        { label: label('sessionRevokedReasonTwoFactorChange'), value: 'twoFactorChange' },
        { label: label('sessionRevokedReasonTrustedDeviceReused'), value: 'trustedDeviceReused' },
        { label: label('sessionRevokedReasonRecovery'), value: 'recovery' },
        { label: label('sessionRevokedReasonEmailChange'), value: 'emailChange' },
        { label: label('sessionRevokedReasonSignInMethodChange'), value: 'signInMethodChange' },
        { label: label('sessionRevokedReasonProviderLogout'), value: 'providerLogout' },
      ],
    },
    {
      name: 'revokedBy',
      type: 'relationship',
      admin: { readOnly: true },
      label: label('fieldSessionRevokedBy'),
      relationTo: options.usersCollection,
    },
  ],
  labels: {
    plural: label('sessionsCollectionPlural'),
    singular: label('sessionsCollectionSingular'),
  },
  timestamps: true,
})
