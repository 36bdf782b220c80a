'use client'

import { formatAdminURL } from 'payload/shared'

import type { VideoRecord } from '../lib/videoRecord.js'
import type { useVideoTranslation } from './useVideoTranslation.js'

import { callBackoffice } from '../../shared/components/client/backofficeFetch.js'

/** One taxonomy entry (video category or tag) as the plugin's list answers it. */
export type VideoTaxonomy = { id: number | string; name?: string; slug?: string }

/** The calls the video field and its upload modal make to the plugin under `/api/{mount}`. */
export const videoApi = ({
  apiRoute,
  language,
  mount,
  serverURL,
  t: translate,
}: {
  apiRoute: string
  language: string
  mount: string
  serverURL: string | undefined
  t: ReturnType<typeof useVideoTranslation>
}) => {
  const base = formatAdminURL({ apiRoute, path: `/${mount}`, serverURL })
  // The network-error message from the video plugin's own texts: it may run without the back-office.
  const networkError = (_key: 'loginNetworkError', variables: Record<string, string>) =>
    translate('videoNetworkError', variables)
  const get = (path: string) =>
    callBackoffice(`${base}${path}`, { cache: 'no-store', language, t: networkError })
  const send = (path: string, method: 'POST' | 'PUT', body: unknown) =>
    callBackoffice(`${base}${path}`, { body, language, method, t: networkError })
  const video = (id: number | string) => `/videos/${encodeURIComponent(String(id))}`
  return {
    base,
    /**
     * Creates the video (NO_FILE) and answers `{ videoId, signedUrl }` (the documented upload request, docs/video.md).
     * `multipart`: with S3, a file above the threshold is answered with a multipart upload, which
     * this client sends part by part (`uploadInParts`).
     */
    createUpload: (request: {
      categories: (number | string)[]
      extension: string
      mimeType: string
      multipart: boolean
      size: number
      slug: string
      tags: (number | string)[]
      title: string
      visibility: 'private' | 'public'
    }) => send('/videos/upload', 'PUT', request),
    /**
     * Creates a category or tag named `name` through Payload's REST API (`POST {api}/{collection}`),
     * so the collection's own access rules and hooks decide, as for any other client.
     */
    createTaxonomy: async (
      collection: string,
      name: string,
    ): Promise<{ message?: string; ok: false } | { ok: true; taxonomy: VideoTaxonomy }> => {
      const answer = await callBackoffice(
        formatAdminURL({ apiRoute, path: `/${encodeURIComponent(collection)}`, serverURL }),
        { body: { name }, language, method: 'POST', t: networkError },
      )
      const doc = (answer.body as { doc?: VideoTaxonomy } | null)?.doc
      return answer.ok && doc ? { ok: true, taxonomy: doc } : { message: answer.message, ok: false }
    },
    /**
     * One page of videos, newest first, whose titles hold every word of `search` (all when empty):
     * the select's options, asked for as the person types and scrolls. Null when the call failed.
     */
    list: async ({
      limit,
      page,
      search,
    }: {
      limit: number
      page: number
      search: string
    }): Promise<null | { docs: VideoRecord[]; hasNextPage: boolean }> => {
      const query = new URLSearchParams({ limit: String(limit), page: String(page) })
      if (search.trim() !== '') {
        query.set('search', search.trim())
      }
      const answer = await get(`/videos?${query.toString()}`)
      const body = answer.body as { docs?: unknown; hasNextPage?: unknown } | null
      return answer.ok && Array.isArray(body?.docs)
        ? { docs: body.docs as VideoRecord[], hasNextPage: body.hasNextPage === true }
        : null
    },
    one: async (id: number | string): Promise<null | VideoRecord> => {
      const answer = await get(video(id))
      return answer.ok && answer.body ? (answer.body as VideoRecord) : null
    },
    retry: (id: number | string) => send(`${video(id)}/retry`, 'POST', {}),
    /**
     * Whether the plugin answers at all (its routes exist only when it is configured) and whether
     * its server can encode.
     */
    status: async (): Promise<
      | 'unknown'
      | 'unconfigured'
      | {
          available: boolean
          collections: { categories: string; tags: string } | null
          problems: string[]
        }
    > => {
      const answer = await get('/status')
      if (answer.status === 404) {
        return 'unconfigured'
      }
      const body = answer.body as {
        collections?: { categories?: unknown; tags?: unknown }
        tools?: { available?: unknown; problems?: unknown }
      } | null
      const tools = body?.tools
      const collections = body?.collections
      return answer.ok && tools
        ? {
            available: tools.available !== false,
            collections:
              typeof collections?.categories === 'string' && typeof collections.tags === 'string'
                ? { categories: collections.categories, tags: collections.tags }
                : null,
            problems: Array.isArray(tools.problems) ? tools.problems.map(String) : [],
          }
        : 'unknown'
    },
    /**
     * Categories or tags: those with the given slugs (`where[slug][in]`, depth 0: slugs are what
     * the field's options name, ids what the video stores),
     * or every one when `slugs` is null. Null when the call failed.
     */
    taxonomy: async (
      kind: 'categories' | 'tags',
      slugs: null | string[],
    ): Promise<null | VideoTaxonomy[]> => {
      const filter =
        slugs === null ? '' : `&where[slug][in]=${slugs.map(encodeURIComponent).join(',')}`
      const answer = await get(`/${kind}?depth=0${filter}`)
      const docs = (answer.body as { docs?: unknown } | null)?.docs
      return answer.ok && Array.isArray(docs) ? (docs as VideoTaxonomy[]) : null
    },
    /** With S3, tells the server the browser's PUT to the bucket has finished. */
    uploaded: (id: number | string) => send(`${video(id)}/uploaded`, 'POST', {}),
  }
}

export type VideoApi = ReturnType<typeof videoApi>
