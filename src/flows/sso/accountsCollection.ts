import type { CollectionConfig, Config, Field } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { label } from '../../shared/i18n/label.js'
import { translatedGroup } from '../../shared/i18n/translatedGroup.js'
import { isAdmin } from '../../shared/roles/isAdmin.js'

const readOnly = (field: Field): Field =>
  ({
    ...field,
    admin: { ...field.admin, readOnly: true },
  }) as Field

/**
 * The identities staff sign in with at external providers (`accounts`): one row per
 * (issuer, subject), the only key a provider guarantees never to reassign (OpenID Connect Core 1.0
 * §5.7; OWASP ASVS 5.0 6.8.1 and 10.5.2), and at most one per account and provider. Email, name and picture are a snapshot for people reading
 * the list, never used to find the account. Administrators read it; nobody writes it through the
 * API: rows are made by a verified sign-in and deleted with their user. No provider token is kept.
 */
export const accountsCollection = (
  config: Config,
  options: SanitizedBackofficeOptions,
): CollectionConfig => ({
  slug: options.sso.accountsSlug,
  access: {
    create: () => false,
    delete: () => false,
    read: ({ req }) =>
      Boolean(req.user) &&
      req.user?.collection === options.usersCollection &&
      isAdmin(req.user, options),
    update: () => false,
  },
  admin: {
    defaultColumns: ['name', 'user', 'issuerName', 'lastSignInAt'],
    group: translatedGroup(config, 'navGroupSecurity'),
    useAsTitle: 'name',
  },
  fields: [
    readOnly({ name: 'name', type: 'text', label: label('ssoFieldName') }),
    readOnly({ name: 'picture', type: 'text', label: label('ssoFieldPicture') }),
    readOnly({
      name: 'user',
      type: 'relationship',
      index: true,
      label: label('ssoFieldUser'),
      relationTo: options.usersCollection,
      required: true,
    }),
    readOnly({ name: 'issuerName', type: 'text', label: label('ssoFieldIssuerName') }),
    readOnly({ name: 'scope', type: 'text', label: label('ssoFieldScope') }),
    readOnly({ name: 'sub', type: 'text', label: label('ssoFieldSub'), required: true }),
    readOnly({ name: 'issuer', type: 'text', label: label('ssoFieldIssuer'), required: true }),
    readOnly({ name: 'providerId', type: 'text', index: true, label: label('ssoFieldProviderId') }),
    readOnly({ name: 'tenant', type: 'text', label: label('ssoFieldTenant') }),
    readOnly({ name: 'email', type: 'text', label: label('ssoFieldEmail') }),
    readOnly({ name: 'emailVerified', type: 'checkbox', label: label('ssoFieldEmailVerified') }),
    readOnly({
      name: 'lastSignInAt',
      type: 'date',
      admin: { date: { pickerAppearance: 'dayAndTime' } },
      label: label('ssoFieldLastSignInAt'),
    }),
  ],
  graphQL: false,
  indexes: [
    { fields: ['issuer', 'sub'], unique: true },
    // One identity per account and provider, kept by the database: two first sign-ins with one
    // verified address, arriving at once, both pass linkedUser.ts's look-up, and only one insert wins.
    { fields: ['user', 'providerId'], unique: true },
  ],
  labels: { plural: label('ssoAccountsPlural'), singular: label('ssoAccountsSingular') },
  timestamps: true,
})
