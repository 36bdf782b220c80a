'use client'

import { useCallback, useEffect, useRef, useState } from 'react'

import type { VideoRecord } from '../lib/videoRecord.js'
import type { VideoApi } from './videoApi.js'

/** Videos asked for at a time: a menu's worth, as Payload's relationship field pages its options. */
const pageSize = 25

/** How long typing pauses before the search is sent, so each keystroke is not a request. */
const typingPauseMs = 250

type Loaded = { docs: VideoRecord[]; hasNextPage: boolean; page: number; search: string }

/**
 * The video select's options, asked for page by page from the server as the person types
 * (`setSearch`) and scrolls (`more`), so any video can be found, not only the newest. An answer
 * overtaken by a newer search is dropped. `videos` is null until the first page answered.
 */
export const useVideoOptions = (api: VideoApi, enabled: boolean) => {
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [search, setSearch] = useState('')
  const [loading, setLoading] = useState(false)
  const latest = useRef(0)

  const fetchPage = useCallback(
    async (term: string, page: number) => {
      const ticket = ++latest.current
      setLoading(true)
      const answer = await api.list({ limit: pageSize, page, search: term })
      if (ticket !== latest.current) {
        return
      }
      setLoading(false)
      if (answer === null) {
        // Logged only: the select keeps what it showed, and Reload asks again.
        console.error('payload-backoffice video: the list of videos could not be loaded')
        return
      }
      setLoaded((before) => {
        const kept = page === 1 || !before ? [] : before.docs
        const known = new Set(kept.map((video) => String(video.id)))
        const added = answer.docs.filter((video) => !known.has(String(video.id)))
        return { docs: [...kept, ...added], hasNextPage: answer.hasNextPage, page, search: term }
      })
    },
    [api],
  )

  useEffect(() => {
    if (!enabled) {
      return
    }
    const timer = setTimeout(() => void fetchPage(search, 1), search === '' ? 0 : typingPauseMs)
    return () => clearTimeout(timer)
  }, [enabled, fetchPage, search])

  const more = () => {
    if (loaded?.hasNextPage && !loading) {
      void fetchPage(loaded.search, loaded.page + 1)
    }
  }
  const reload = useCallback(() => fetchPage(search, 1), [fetchPage, search])
  /** Puts a newer state of one video (polled while it encodes) in place of the listed one. */
  const replace = useCallback(
    (video: VideoRecord) =>
      setLoaded((before) =>
        before
          ? {
              ...before,
              docs: before.docs.map((entry) =>
                String(entry.id) === String(video.id) ? video : entry,
              ),
            }
          : before,
      ),
    [],
  )
  return { loading, more, reload, replace, search, setSearch, videos: loaded?.docs ?? null }
}
