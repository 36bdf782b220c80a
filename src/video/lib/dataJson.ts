import type { videoUrlsOf } from './videoUrls.js'

/** What `data.json` is made from: the video as stored, its probe with the rungs it was encoded to. */
export type DataJsonSource = {
  categories?: unknown
  id: number | string
  probe?: null | {
    durationSeconds?: number
    height?: number
    renditions?: string[]
    width?: number
  }
  slug?: unknown
  tags?: unknown
  title?: unknown
  visibility?: unknown
}

/**
 * The record beside the playlists, `data.json`: what a front end needs to show the video without
 * asking the CMS (the field's `dataUrl`, the master playlist's URL with `data.json` after the id, so a
 * front end derives it from the stream URL alone).
 * Its URLs carry no token; a private video's holder appends its own.
 */
export const dataJsonText = (video: DataJsonSource, urls: ReturnType<typeof videoUrlsOf>): string =>
  JSON.stringify(
    {
      id: video.id,
      categories: video.categories ?? [],
      duration: video.probe?.durationSeconds ?? null,
      height: video.probe?.height ?? null,
      previewThumbnailUrl: urls.poster,
      previewVideoUrl: urls.preview,
      renditions: video.probe?.renditions ?? [],
      slug: video.slug ?? null,
      src: { abr: { url: urls.master } },
      status: 'COMPLETE',
      tags: video.tags ?? [],
      title: video.title,
      visibility: video.visibility,
      width: video.probe?.width ?? null,
    },
    null,
    2,
  )
