import type { CollectionConfig, Config } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'
import type { VideoTranslationKey } from '../translations/types.js'

import { staffAccess } from '../access/staffAccess.js'
import { slugify } from '../lib/slugify.js'
import { label } from '../translations/label.js'
import { videoGroup } from '../translations/videoGroup.js'

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
    labels: { plural: VideoTranslationKey; singular: VideoTranslationKey }
    slug: string
  },
): CollectionConfig => {
  const staff = staffAccess(config, options)
  return {
    slug,
    access: { create: staff, delete: staff, read: staff, update: staff },
    admin: { group: videoGroup(config), useAsTitle: 'name' },
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
