'use client'

import { formatAdminURL } from 'payload/shared'

import type { VideoRecord } from '../lib/videoRecord.js'
import type { useVideoTranslation } from './useVideoTranslation.js'

import { callBackoffice } from '../../components/client/backofficeFetch.js'

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
    /** Newest first, up to 100: the select's options. */
    list: async (): Promise<null | VideoRecord[]> => {
      const answer = await get('/videos?limit=100')
      const docs = (answer.body as { docs?: unknown } | null)?.docs
      return answer.ok && Array.isArray(docs) ? (docs as VideoRecord[]) : null
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
      'unknown' | 'unconfigured' | { available: boolean; problems: string[] }
    > => {
      const answer = await get('/status')
      if (answer.status === 404) {
        return 'unconfigured'
      }
      const tools = (answer.body as { tools?: { available?: unknown; problems?: unknown } } | null)
        ?.tools
      return answer.ok && tools
        ? {
            available: tools.available !== false,
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
