'use client'

import { useCallback, useEffect, useState } from 'react'

import type { VideoRecord } from '../lib/videoRecord.js'

import { useVideoTranslation } from './useVideoTranslation.js'
import './VideoPlayer.css'

/**
 * Plays `master` with hls.js (its light build, fetched only now that a player is shown), or with
 * the browser's own HLS (Safari) where hls.js cannot run. The video element gets
 * `data-level-loaded` once a rendition's playlist has loaded.
 */
const useHlsSource = (
  element: HTMLVideoElement | null,
  master: null | string,
  onFailure: () => void,
) => {
  useEffect(() => {
    if (!element || !master) {
      return
    }
    let stopped = false
    let destroy: (() => void) | undefined
    const levelLoaded = () => element.setAttribute('data-level-loaded', 'true')
    void import('hls.js/light')
      .then(({ default: Hls }) => {
        if (stopped) {
          return
        }
        if (Hls.isSupported()) {
          const hls = new Hls()
          hls.on(Hls.Events.LEVEL_LOADED, levelLoaded)
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) {
              console.error('payload-backoffice video: playback failed', data)
              onFailure()
            }
          })
          hls.loadSource(master)
          hls.attachMedia(element)
          destroy = () => hls.destroy()
          return
        }
        if (element.canPlayType('application/vnd.apple.mpegurl')) {
          element.addEventListener('loadedmetadata', levelLoaded, { once: true })
          element.src = master
          destroy = () => {
            element.removeAttribute('src')
            element.load()
          }
          return
        }
        onFailure()
      })
      .catch((error: unknown) => {
        console.error('payload-backoffice video: the player could not load', error)
        onFailure()
      })
    return () => {
      stopped = true
      element.removeAttribute('data-level-loaded')
      destroy?.()
    }
  }, [element, master, onFailure])
}

/**
 * The player: the video only when it is COMPLETE (a private one through the tokenised URLs
 * the server answered); "Video is still encoding..." while PROGRESSING; "Waiting for video..."
 * otherwise.
 */
export const VideoPlayer = ({ video }: { video: VideoRecord }) => {
  const t = useVideoTranslation()
  const [element, setElement] = useState<HTMLVideoElement | null>(null)
  const [failedFor, setFailedFor] = useState<null | string>(null)
  const master = video.status === 'COMPLETE' ? (video.playback?.master ?? null) : null
  const onFailure = useCallback(() => setFailedFor(master), [master])
  useHlsSource(element, master, onFailure)

  if (video.status !== 'COMPLETE' || !master) {
    return (
      <p className="backoffice-video-player__message" role="status">
        {video.status === 'PROGRESSING' ? t('videoPlayerEncoding') : t('videoPlayerWaiting')}
      </p>
    )
  }
  return (
    <div className="backoffice-video-player">
      {/* Editors' own uploads: captions are not part of what the plugin makes. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        aria-label={t('videoPlayerLabel', { title: video.title ?? String(video.id) })}
        className="backoffice-video-player__video"
        controls
        playsInline
        poster={video.playback?.poster}
        preload="metadata"
        ref={setElement}
      />
      {failedFor === master && (
        <p className="backoffice-video-player__failed" role="alert">
          {t('videoPlayerFailed')}
        </p>
      )}
    </div>
  )
}
