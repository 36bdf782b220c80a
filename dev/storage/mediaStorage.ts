import { s3Storage } from '@payloadcms/storage-s3'

import type { SandboxS3 } from './sandboxS3.js'

/**
 * Media on S3 with Payload's own adapter, the browser sending each file straight to the bucket
 * (`clientUploads`): the admin POSTs `{ collectionSlug, filename, mimeType }` to
 * `/api/storage-s3-generate-signed-url`, which checks the session and the collection's create or
 * update access and answers a presigned `url`; the browser PUTs the file there with its
 * Content-Length and Content-Type, then creates the document, whose file the adapter reads back
 * from the bucket. The bytes never pass through the app (nor its request size limits).
 *
 * Always in the config, switched off without a bucket: the adapter's client component is then
 * still in the admin's import map, so one `next build` serves the sandbox with and without S3.
 */
export const mediaStorage = (s3: SandboxS3 | undefined) =>
  s3Storage({
    bucket: s3?.bucket ?? '',
    clientUploads: true,
    collections: { media: { prefix: 'media' } },
    config: s3?.config ?? {},
    enabled: s3 !== undefined,
  })
