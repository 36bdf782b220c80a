import type { CollectionConfig, Config, Plugin } from 'payload'

import { mkdir } from 'node:fs/promises'

import type { VideoPluginOptions } from './options/types.js'

import { mergeTranslations } from '../shared/i18n/mergeTranslations.js'
import { staffAccess } from './access/staffAccess.js'
import { taxonomyCollection } from './collections/taxonomyCollection.js'
import { videosCollection } from './collections/videosCollection.js'
import { createUploadEndpoint } from './endpoints/createUploadEndpoint.js'
import { listVideosEndpoints } from './endpoints/listVideosEndpoints.js'
import { multipartUploadEndpoint } from './endpoints/multipartUploadEndpoint.js'
import { receiveUploadEndpoint } from './endpoints/receiveUploadEndpoint.js'
import { retryEndpoint } from './endpoints/retryEndpoint.js'
import { serveFileEndpoints } from './endpoints/serveFileEndpoints.js'
import { taxonomyEndpoint } from './endpoints/taxonomyEndpoint.js'
import { toolsStatusEndpoint } from './endpoints/toolsStatusEndpoint.js'
import { refreshDataJson } from './hooks/refreshDataJson.js'
import { removeVideoFiles } from './hooks/removeVideoFiles.js'
import { videoOptionsKey } from './options/getVideoOptions.js'
import { sanitizeVideoOptions } from './options/sanitize.js'
import { checkToolsAtStart } from './transcode/checkTools.js'
import { reconcileTask } from './transcode/reconcileTask.js'
import { transcodeTask } from './transcode/transcodeTask.js'
import { mergeVideoTranslations } from './translations/mergeVideoTranslations.js'

type AutoRun = NonNullable<NonNullable<Config['jobs']>['autoRun']>

/** The app's own `jobs.autoRun` with one more entry; a function stays a function. */
const withAutoRun = (
  existing: AutoRun | undefined,
  entry: Extract<AutoRun, readonly unknown[]>[number],
): AutoRun =>
  typeof existing === 'function'
    ? async (payload) => [...(await existing(payload)), entry]
    : [...(existing ?? []), entry]

/**
 * `videoPlugin(options)` returns a Payload plugin that hosts videos on the app's own database,
 * storage and ffmpeg: the videos, video categories and video tags collections, the upload, list,
 * retry and playback endpoints under `/api/{mount}`, and the transcode task on the jobs queue. It
 * works on its own or beside `backofficePlugin`, and like it extends the app's config without
 * replacing anything. `enabled: false` keeps the collections and the task (the database schema)
 * and adds nothing else.
 */
export const videoPlugin =
  (options: VideoPluginOptions = {}): Plugin =>
  (incomingConfig: Config): Config => {
    const videoOptions = sanitizeVideoOptions(options)
    const { collections: slugs } = videoOptions
    const taken = (incomingConfig.collections ?? []).map((collection) => collection.slug)
    for (const slug of Object.values(slugs)) {
      if (taken.includes(slug)) {
        throw new Error(
          `payload-backoffice video: the app already has a collection "${slug}"; choose other slugs with the option \`collections\`.`,
        )
      }
    }
    // The texts first: collection labels and groups read them from the config. The `video`
    // namespace holds the plugin's own; the `backoffice` one the texts of the shared refusals
    // (an unreadable request, no session, an internal error), which the request helpers raise.
    const translated: Config = {
      ...incomingConfig,
      custom: { ...incomingConfig.custom, [videoOptionsKey]: videoOptions },
      i18n: mergeVideoTranslations(mergeTranslations(incomingConfig.i18n, {})),
    }
    const videos = videosCollection(translated, videoOptions)
    const withSchema: Config = {
      ...translated,
      collections: [
        ...(translated.collections ?? []),
        videos,
        taxonomyCollection(translated, videoOptions, {
          labels: { plural: 'videoCategoryPlural', singular: 'videoCategorySingular' },
          slug: slugs.categories,
        }),
        taxonomyCollection(translated, videoOptions, {
          labels: { plural: 'videoTagPlural', singular: 'videoTagSingular' },
          slug: slugs.tags,
        }),
      ],
      jobs: {
        ...translated.jobs,
        tasks: [
          ...(translated.jobs?.tasks ?? []),
          transcodeTask(videoOptions),
          reconcileTask(videoOptions),
        ],
      },
    }
    if (!videoOptions.enabled) {
      return withSchema
    }

    const isStaff = staffAccess(translated, videoOptions)
    const withRemoval = (collection: CollectionConfig): CollectionConfig =>
      collection.slug !== slugs.videos
        ? collection
        : {
            ...collection,
            hooks: {
              ...collection.hooks,
              afterChange: [
                ...(collection.hooks?.afterChange ?? []),
                refreshDataJson(videoOptions),
              ],
              afterDelete: [
                ...(collection.hooks?.afterDelete ?? []),
                removeVideoFiles(videoOptions),
              ],
            },
          }
    const { autoRun } = videoOptions
    return {
      ...withSchema,
      collections: withSchema.collections!.map(withRemoval),
      endpoints: [
        ...(withSchema.endpoints ?? []),
        createUploadEndpoint(videoOptions, isStaff),
        // On disk the app receives the file itself; with S3 the browser PUTs it to the bucket.
        ...(videoOptions.storage.type === 'local' ? [receiveUploadEndpoint(videoOptions)] : []),
        ...(videoOptions.storage.type === 's3' ? [multipartUploadEndpoint(videoOptions)] : []),
        retryEndpoint(videoOptions, isStaff),
        ...listVideosEndpoints(videoOptions, isStaff),
        ...serveFileEndpoints(videoOptions),
        taxonomyEndpoint(videoOptions, isStaff, {
          collection: slugs.categories,
          path: 'categories',
        }),
        taxonomyEndpoint(videoOptions, isStaff, { collection: slugs.tags, path: 'tags' }),
        toolsStatusEndpoint(videoOptions, isStaff),
      ],
      jobs: {
        ...withSchema.jobs,
        // Only when the integrator asks (`autoRun`): every web process would otherwise run ffmpeg
        // beside its requests. Payload starts these crons only in the app (Next's
        // `getPayload({ cron: true })`), not in scripts or `payload jobs:run` workers, which run
        // the queue on their own terms.
        ...(autoRun
          ? {
              autoRun: withAutoRun(withSchema.jobs?.autoRun, {
                cron: autoRun.cron,
                limit: autoRun.limit,
                queue: videoOptions.queue,
              }),
            }
          : {}),
      },
      onInit: async (payload) => {
        await withSchema.onInit?.(payload)
        await mkdir(videoOptions.storage.directory, { recursive: true })
        checkToolsAtStart(payload, videoOptions)
      },
    }
  }
