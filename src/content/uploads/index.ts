import type { CollectionConfig } from 'payload'

import type { Capability } from '../../shared/config/capability.js'

import { addAdminProvider } from '../../shared/config/admin.js'

/** Payload shows the focal point tool for images with sizes, resize options or `focalPoint: true`. */
const hasFocalPointTool = ({ upload }: CollectionConfig): boolean =>
  typeof upload === 'object' &&
  upload.focalPoint !== false &&
  Boolean(upload.focalPoint || upload.imageSizes?.length || upload.resizeOptions)

/**
 * The list column of Payload's own `filesize` field, drawn in bytes, KB, MB or GB. Payload merges a
 * field of the same name into its upload field, so only the cell changes, not the column.
 */
const withReadableFileSize = (collection: CollectionConfig): CollectionConfig =>
  collection.upload
    ? {
        ...collection,
        fields: [
          ...collection.fields,
          {
            name: 'filesize',
            type: 'number',
            admin: { components: { Cell: 'payload-backoffice/client#FileSizeCell' } },
          },
        ],
      }
    : collection

/**
 * Uploads as editors expect them: the focal point set where the editor clicks the
 * picture, and file sizes in bytes, KB, MB or GB in lists as well as on the document.
 */
export const uploads: Capability = {
  behaviour: (config) => {
    const collections = config.collections?.map(withReadableFileSize)
    if (!config.collections?.some(hasFocalPointTool)) {
      return { ...config, collections }
    }
    return addAdminProvider(
      { ...config, collections },
      'payload-backoffice/client#FocalPointByClick',
    )
  },
  name: 'uploads',
}
