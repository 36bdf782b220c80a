import type { CollectionConfig, CollectionSlug, Config, Field, FieldHook } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

import { staffAccess } from '../access/staffAccess.js'
import { encodingFailureCode } from '../lib/encodingFailureCode.js'
import { slugify } from '../lib/slugify.js'
import { label } from '../translations/label.js'
import { videoGroup } from '../translations/videoGroup.js'

/**
 * At most 100 characters, as the upload modal tells the editor; longer input is cut, not refused,
 * so an import named after a long file name still goes through.
 */
export const titleMaxLength = 100

const cutTitle: FieldHook = ({ value }) =>
  typeof value === 'string' ? value.trim().slice(0, titleMaxLength).trimEnd() : value

const slugFromTitle: FieldHook = ({ data, value }) => {
  const given = typeof value === 'string' ? slugify(value) : ''
  return given || slugify(String(data?.title ?? '').slice(0, titleMaxLength))
}

/** Written only by the plugin (the upload, the transcode task), shown read-only to staff. */
const systemField = (field: Field): Field =>
  ({
    ...field,
    access: { create: () => false, update: () => false },
    admin: { ...field.admin, readOnly: true },
  }) as Field

/**
 * The videos: what a front end's video record reads (title, slug, visibility, status, categories,
 * tags, previewVideoUrl, previewThumbnailUrl, src.abr.url, a `workspace` accepted and dropped), plus
 * what the pipeline keeps about the uploaded file and its encoding. URLs stored here never carry a
 * token: a private video's tokens are minted when it is read (see `playbackUrls`).
 */
export const videosCollection = (
  config: Config,
  options: SanitizedVideoOptions,
): CollectionConfig => {
  const staff = staffAccess(config, options)
  const { collections } = options
  return {
    slug: collections.videos,
    access: { create: staff, delete: staff, read: staff, update: staff },
    admin: {
      defaultColumns: ['title', 'status', 'visibility', 'updatedAt'],
      group: videoGroup(config),
      useAsTitle: 'title',
    },
    fields: [
      {
        name: 'title',
        type: 'text',
        hooks: { beforeValidate: [cutTitle] },
        label: label('videoFieldTitle'),
        maxLength: titleMaxLength,
        required: true,
      },
      {
        name: 'slug',
        type: 'text',
        hooks: { beforeValidate: [slugFromTitle] },
        index: true,
        label: label('videoFieldSlug'),
      },
      {
        name: 'visibility',
        type: 'select',
        // Private unless someone chose public: a video uploaded by mistake is not on the web.
        defaultValue: 'private',
        label: label('videoFieldVisibility'),
        options: [
          { label: label('videoVisibilityPublic'), value: 'public' },
          { label: label('videoVisibilityPrivate'), value: 'private' },
        ],
        required: true,
      },
      systemField({
        name: 'status',
        type: 'select',
        defaultValue: 'NO_FILE',
        index: true,
        label: label('videoFieldStatus'),
        options: [
          { label: label('videoStatusNoFile'), value: 'NO_FILE' },
          { label: label('videoStatusProgressing'), value: 'PROGRESSING' },
          { label: label('videoStatusError'), value: 'ERROR' },
          { label: label('videoStatusComplete'), value: 'COMPLETE' },
        ],
        required: true,
      }),
      {
        name: 'categories',
        type: 'relationship',
        hasMany: true,
        label: label('videoFieldCategories'),
        relationTo: collections.categories as CollectionSlug,
      },
      {
        name: 'tags',
        type: 'relationship',
        hasMany: true,
        label: label('videoFieldTags'),
        relationTo: collections.tags as CollectionSlug,
      },
      systemField({
        name: 'previewVideoUrl',
        type: 'text',
        label: label('videoFieldPreviewVideoUrl'),
      }),
      systemField({
        name: 'previewThumbnailUrl',
        type: 'text',
        label: label('videoFieldPreviewThumbnailUrl'),
      }),
      systemField({
        name: 'src',
        type: 'group',
        fields: [
          {
            name: 'abr',
            type: 'group',
            fields: [{ name: 'url', type: 'text', label: label('videoFieldStreamUrl') }],
            label: false,
          },
        ],
        label: label('videoFieldStream'),
      }),
      {
        // Clients written for a hosted video service send a workspace (that service's tenant);
        // there is none here. It is accepted so their requests validate, and never stored.
        name: 'workspace',
        type: 'text',
        admin: { hidden: true },
        label: label('videoFieldWorkspace'),
        virtual: true,
      },
      systemField({
        name: 'source',
        type: 'group',
        fields: [
          { name: 'size', type: 'number', label: label('videoFieldSourceSize') },
          { name: 'mimeType', type: 'text', label: label('videoFieldSourceType') },
          { name: 'extension', type: 'text', label: label('videoFieldSourceExtension') },
        ],
        label: label('videoFieldSource'),
      }),
      systemField({ name: 'probe', type: 'json', label: label('videoFieldProbe') }),
      systemField({
        name: 'transcode',
        type: 'group',
        fields: [
          { name: 'stage', type: 'text', label: label('videoFieldStage') },
          { name: 'progress', type: 'number', label: label('videoFieldProgress') },
          {
            // A failure code (`encodingFailures`), never a tool's words. Rows from earlier
            // versions hold ffmpeg's last lines, which name the server's folders: every read (REST,
            // GraphQL, the Local API, the plugin's endpoints) answers those as the generic code.
            name: 'error',
            type: 'text',
            hooks: { afterRead: [({ value }) => encodingFailureCode(value)] },
            label: label('videoFieldError'),
          },
          { name: 'attempts', type: 'number', defaultValue: 0, label: label('videoFieldAttempts') },
          // The lease (see `videoRows.takeLease`): which worker holds the video, and until when.
          { name: 'leaseOwner', type: 'text', admin: { hidden: true }, hidden: true },
          { name: 'leaseUntil', type: 'date', admin: { hidden: true }, hidden: true },
          // How often this encoding was queued again because its worker died (see
          // `takeOverStalledEncodes`); a Retry by staff starts it again at 0.
          { name: 'takeovers', type: 'number', admin: { hidden: true }, hidden: true },
        ],
        label: label('videoFieldTranscode'),
      }),
      // The nonce the signed upload URL is bound to; cleared when the upload completes, which makes
      // the URL single-use. Never sent to a client.
      systemField({ name: 'uploadNonce', type: 'text', admin: { hidden: true }, hidden: true }),
    ],
    hooks: {
      beforeChange: [
        ({ data }) => {
          const { workspace: _dropped, ...stored } = data as Record<string, unknown>
          return stored
        },
      ],
    },
    labels: { plural: label('videoPlural'), singular: label('videoSingular') },
  }
}
