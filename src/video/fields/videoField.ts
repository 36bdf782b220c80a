import type { Field, GroupField } from 'payload'

import { label } from '../translations/label.js'

export type VideoFieldOptions = {
  /** Extra admin settings of the group (description, condition, position…). */
  admin?: GroupField['admin']
  /**
   * Whether the field offers "Upload video", which opens the Upload Video modal; without it the
   * field only selects videos already uploaded.
   * @default true
   */
  allowUpload?: boolean
  /**
   * Slugs of the video categories the upload modal offers, ticked; every category, none ticked,
   * when omitted.
   */
  categories?: string[]
  /** The group's label; the field's name when omitted. */
  label?: GroupField['label']
  /**
   * The video plugin's `mount`, where its endpoints live (`/api/{mount}/videos`).
   * @default 'video'
   */
  mount?: string
  /** Name of the group, in the document's data: `{ [name]: { videoId, dataUrl, status, … } }`. */
  name: string
  /** Whether a video must be chosen before the document can be saved. @default false */
  required?: boolean
  /** Slugs of the video tags the upload modal offers, ticked; every tag, none ticked, when omitted. */
  tags?: string[]
  /**
   * Visibility of a video uploaded through the field: `public` plays from its stored URLs,
   * `private` only with the expiring token the server adds.
   * @default 'public'
   */
  uploadVisibility?: 'private' | 'public'
}

/** A sibling the video field fills: stored with the document, not edited by hand. */
const filled = (name: string, type: 'text' | 'textarea' = 'text'): Field =>
  type === 'text'
    ? { name, type: 'text', admin: { hidden: true } }
    : { name, type: 'textarea', admin: { hidden: true } }

/**
 * The video field for a collection or global of the app: a group holding `videoId`, drawn by
 * `payload-backoffice/video/client#VideoField` (a select of the plugin's videos, reload, upload
 * and a player), and the siblings it fills from the chosen video: `dataUrl`, `status`,
 * `visibility`, `previewThumbnailUrl`, `previewVideoUrl` and `data` (the video record as JSON
 * text). A front end reads the group without calling the video plugin.
 */
export const videoField = ({
  name,
  admin,
  allowUpload = true,
  categories,
  label: groupLabel,
  mount = 'video',
  required = false,
  tags,
  uploadVisibility = 'public',
}: VideoFieldOptions): GroupField => ({
  name,
  type: 'group',
  admin,
  fields: [
    {
      name: 'videoId',
      type: 'text',
      admin: {
        components: {
          Field: {
            clientProps: {
              allowUpload,
              categories: categories ?? null,
              mount,
              tags: tags ?? null,
              uploadVisibility,
            },
            path: 'payload-backoffice/video/client#VideoField',
          },
        },
      },
      label: label('videoSelectLabel'),
      required,
    },
    filled('dataUrl'),
    filled('status'),
    filled('visibility'),
    filled('previewThumbnailUrl'),
    filled('previewVideoUrl'),
    filled('data', 'textarea'),
  ],
  label: groupLabel,
})
