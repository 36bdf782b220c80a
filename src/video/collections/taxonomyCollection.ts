import type { CollectionConfig, Config } from 'payload'

import type { BackofficeTranslationKey } from '../../translations/types.js'
import type { SanitizedVideoOptions } from '../options/types.js'

import { label } from '../../i18n/label.js'
import { translatedGroup } from '../../i18n/translatedGroup.js'
import { staffAccess } from '../access/staffAccess.js'
import { slugify } from '../lib/slugify.js'

/**
 * Video categories and video tags: a name and a unique slug, which the upload modal resolves to ids
 * with `where[slug][in]`.
 */
export const taxonomyCollection = (
  config: Config,
  options: SanitizedVideoOptions,
  {
    labels,
    slug,
  }: {
    labels: { plural: BackofficeTranslationKey; singular: BackofficeTranslationKey }
    slug: string
  },
): CollectionConfig => {
  const staff = staffAccess(config, options)
  return {
    slug,
    access: { create: staff, delete: staff, read: staff, update: staff },
    admin: { group: translatedGroup(config, 'videoGroup'), useAsTitle: 'name' },
    fields: [
      { name: 'name', type: 'text', label: label('videoFieldName'), required: true },
      {
        name: 'slug',
        type: 'text',
        hooks: {
          beforeValidate: [
            ({ data, value }) =>
              (typeof value === 'string' ? slugify(value) : '') ||
              slugify(String(data?.name ?? '')),
          ],
        },
        index: true,
        label: label('videoFieldSlug'),
        required: true,
        unique: true,
      },
    ],
    labels: { plural: label(labels.plural), singular: label(labels.singular) },
  }
}
