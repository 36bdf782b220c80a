'use client'

import { Pill } from '@payloadcms/ui'

import type { VideoRecord } from '../lib/videoRecord.js'
import type { useVideoTranslation } from './useVideoTranslation.js'

import { videoOptionLabel, type VideoTagKey, videoTagOf } from '../lib/videoLabel.js'
import './VideoOptionLabel.css'

/** The pill's colour for each status: ready green, failed red, not yet playable amber. */
const pillStyles: Record<VideoTagKey, 'error' | 'light-gray' | 'success' | 'warning'> = {
  videoTagEncoding: 'warning',
  videoTagError: 'error',
  videoTagPrivate: 'light-gray',
  videoTagPublic: 'success',
  videoTagReady: 'success',
  videoTagWaiting: 'warning',
}

/**
 * A video as the select shows it: its title, then its status as a pill. What a screen reader reads
 * (and the option's accessible name) stays the option's label, the status in brackets then the
 * title (`[public] Launch film`), held in `.backoffice-video-option__label`. Title and status are
 * each isolated (`<bdi>`), so a right-to-left title beside a percent keeps its order.
 */
export const VideoOptionLabel = ({
  t,
  video,
}: {
  t: ReturnType<typeof useVideoTranslation>
  video: VideoRecord
}) => {
  const tag = videoTagOf(video)
  const status = tag.percent === undefined ? t(tag.key) : t(tag.key, { percent: tag.percent })
  return (
    <span className="backoffice-video-option" data-status={video.status ?? ''}>
      <span aria-hidden="true" className="backoffice-video-option__row">
        <bdi className="backoffice-video-option__title">{video.title || String(video.id)}</bdi>
        <Pill
          className="backoffice-video-option__status"
          pillStyle={pillStyles[tag.key]}
          size="small"
        >
          <bdi>{status}</bdi>
        </Pill>
      </span>
      <span className="backoffice-video-option__label">{videoOptionLabel(video, t)}</span>
    </span>
  )
}
