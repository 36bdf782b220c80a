import type { CollectionAfterChangeHook } from 'payload'

import { writeFile } from 'node:fs/promises'
import path from 'node:path'

import type { SanitizedVideoOptions } from '../options/types.js'

import { type DataJsonSource, dataJsonText } from '../lib/dataJson.js'
import { videoUrlsOf } from '../lib/videoUrls.js'
import { videoApiBase } from '../options/videoApiBase.js'
import { localStore } from '../storage/localStore.js'
import { s3StoreFor } from '../storage/s3Store.js'

/**
 * Keeps `data.json` true to the record: an editor who renames a finished video, or changes its
 * categories, tags or visibility, changes what its `dataUrl` says too.
 */
export const refreshDataJson =
  (options: SanitizedVideoOptions): CollectionAfterChangeHook =>
  async ({ doc, operation, req }) => {
    if (operation !== 'update' || doc.status !== 'COMPLETE') {
      return doc
    }
    const text = dataJsonText(
      doc as DataJsonSource,
      videoUrlsOf(videoApiBase(req.payload, options), doc.id),
    )
    const { storage } = options
    try {
      if (storage.type === 's3') {
        await s3StoreFor(storage).putText(doc.id, 'data.json', text)
      } else {
        await writeFile(
          path.join(localStore(storage.directory).outputDir(doc.id), 'data.json'),
          text,
        )
      }
    } catch (error) {
      // The edit itself is saved: a storage that cannot take the file (its folder lost, the bucket
      // down) is the reconciliation's to report, not a reason to refuse the editor's change.
      req.payload.logger.warn({
        err: error,
        msg: `payload-backoffice video: data.json of video ${String(doc.id)} not updated`,
      })
    }
    return doc
  }
