import { describe, expect, it } from 'vitest'

import type { VideoRecord } from '../../src/video/lib/videoRecord.js'

import {
  interruptedUploadKey,
  isSameFile,
  readInterruptedUpload,
} from '../../src/video/lib/interruptedUpload.js'
import {
  nextChunk,
  receivedFromRange,
  statusRange,
  uploadChunkBytes,
  uploadPercent,
} from '../../src/video/lib/uploadChunks.js'
import {
  extensionOf,
  initialUploadWidget,
  titleFromFileName,
  uploadWidgetReducer,
  type UploadWidgetState,
} from '../../src/video/lib/uploadWidget.js'
import { dataUrlOf, videoSiblingValues } from '../../src/video/lib/videoFieldValues.js'
import { videoOptionLabel, videoTagOf } from '../../src/video/lib/videoLabel.js'
import { en } from '../../src/video/translations/en.js'

const english = (key: keyof typeof en, variables: Record<string, number> = {}) =>
  en[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(variables[name]))

const video = (overrides: Partial<VideoRecord> = {}): VideoRecord => ({
  categories: [3],
  id: 12,
  playback: {
    data: 'https://cms.example.com/api/video/videos/12/data.json?token=secret',
    expiresAt: '2030-01-01T00:00:00.000Z',
    master: 'https://cms.example.com/api/video/videos/12/master.m3u8?token=secret',
    poster: 'https://cms.example.com/api/video/videos/12/poster.jpg?token=secret',
    preview: 'https://cms.example.com/api/video/videos/12/preview.mp4?token=secret',
  },
  previewThumbnailUrl: 'https://cms.example.com/api/video/videos/12/poster.jpg',
  previewVideoUrl: 'https://cms.example.com/api/video/videos/12/preview.mp4',
  slug: 'launch-film',
  src: { abr: { url: 'https://cms.example.com/api/video/videos/12/master.m3u8' } },
  status: 'COMPLETE',
  tags: [],
  title: 'Launch film',
  transcode: { attempts: 1, error: null, progress: 100, stage: 'done' },
  visibility: 'public',
  ...overrides,
})

describe('the label of a video in the select', () => {
  it('gives each status the spec’s tag, and COMPLETE its visibility', () => {
    const label = (overrides: Partial<VideoRecord>) => videoOptionLabel(video(overrides), english)
    expect(label({ status: 'NO_FILE' })).toBe('[waiting...] Launch film')
    expect(label({ status: 'PROGRESSING', transcode: { progress: 42.7 } })).toBe(
      '[encoding... 42%] Launch film',
    )
    expect(label({ status: 'ERROR' })).toBe('[error] Launch film')
    expect(label({ visibility: 'public' })).toBe('[public] Launch film')
    expect(label({ visibility: 'private' })).toBe('[private] Launch film')
    expect(label({ visibility: undefined })).toBe('[ready] Launch film')
    expect(label({ status: 'SOMETHING_NEW' })).toBe('[ready] Launch film')
  })

  it('shows a percent from 0 to 100, and the id of a video without a title', () => {
    expect(videoTagOf({ status: 'PROGRESSING' })).toEqual({ key: 'videoTagEncoding', percent: 0 })
    expect(videoTagOf({ status: 'PROGRESSING', transcode: { progress: 250 } }).percent).toBe(100)
    expect(videoOptionLabel(video({ title: '' }), english)).toBe('[public] 12')
  })
})

describe('what the field stores beside the video id', () => {
  it('derives dataUrl from the stream URL: what follows the id becomes data.json', () => {
    expect(dataUrlOf('https://cms.example.com/api/video/videos/12/master.m3u8', 12)).toBe(
      'https://cms.example.com/api/video/videos/12/data.json',
    )
    expect(dataUrlOf('/api/video/videos/12/hls/720p/index.m3u8', '12')).toBe(
      '/api/video/videos/12/data.json',
    )
    // The id as the last matching segment, not a prefix of another number.
    expect(dataUrlOf('https://cdn.example.com/12/videos/123/master.m3u8', 123)).toBe(
      'https://cdn.example.com/12/videos/123/data.json',
    )
    expect(dataUrlOf(null, 12)).toBeNull()
    expect(dataUrlOf('https://cms.example.com/other/master.m3u8', 12)).toBeNull()
  })

  it('fills status, visibility, the preview URLs and the record as JSON without previews or tokens', () => {
    const values = videoSiblingValues(video())
    expect(values).toMatchObject({
      dataUrl: 'https://cms.example.com/api/video/videos/12/data.json',
      previewThumbnailUrl: 'https://cms.example.com/api/video/videos/12/poster.jpg',
      previewVideoUrl: 'https://cms.example.com/api/video/videos/12/preview.mp4',
      status: 'COMPLETE',
      visibility: 'public',
    })
    const data = JSON.parse(values.data!) as Record<string, unknown>
    expect(data).toMatchObject({ id: 12, slug: 'launch-film', title: 'Launch film' })
    expect(data).not.toHaveProperty('previewThumbnailUrl')
    expect(data).not.toHaveProperty('previewVideoUrl')
    expect(data).not.toHaveProperty('playback')
    expect(values.data).not.toContain('token=')
  })

  it('leaves the URLs empty for a video still waiting for its file', () => {
    const values = videoSiblingValues(
      video({
        playback: null,
        previewThumbnailUrl: null,
        previewVideoUrl: null,
        src: { abr: { url: null } },
        status: 'NO_FILE',
      }),
    )
    expect(values).toMatchObject({
      dataUrl: null,
      previewThumbnailUrl: null,
      previewVideoUrl: null,
      status: 'NO_FILE',
    })
  })
})

describe('the upload widget', () => {
  const file = new File([new Uint8Array(10)], 'Holiday clip.final.MP4', { type: 'video/mp4' })
  const run = (...events: Parameters<typeof uploadWidgetReducer>[1][]): UploadWidgetState =>
    events.reduce(uploadWidgetReducer, initialUploadWidget)

  it('goes new → file (title from the file name) → uploading → success', () => {
    const chosen = run({ file, type: 'chooseFile' })
    expect(chosen).toMatchObject({ phase: 'file', title: 'Holiday clip.final' })
    const uploading = uploadWidgetReducer(chosen, { type: 'start' })
    expect(uploading).toMatchObject({ percent: 0, phase: 'uploading' })
    expect(uploadWidgetReducer(uploading, { percent: 41.9, type: 'progress' })).toMatchObject({
      percent: 41,
    })
    expect(uploadWidgetReducer(uploading, { type: 'succeeded', videoId: 7 })).toEqual({
      phase: 'success',
      title: 'Holiday clip.final',
      videoId: 7,
    })
  })

  it('returns to new when the create or upload fails, and on reset', () => {
    const uploading = run({ file, type: 'chooseFile' }, { type: 'start' })
    expect(uploadWidgetReducer(uploading, { type: 'failed' })).toEqual(initialUploadWidget)
    expect(run({ file, type: 'chooseFile' }, { type: 'reset' })).toEqual(initialUploadWidget)
  })

  it('cuts a longer title to 100 characters', () => {
    expect(
      run({ file, type: 'chooseFile' }, { title: 'x'.repeat(150), type: 'setTitle' }),
    ).toMatchObject({ title: 'x'.repeat(100) })
    expect(titleFromFileName(`${'y'.repeat(120)}.mov`)).toBe('y'.repeat(100))
  })

  it('does not start without a file or a title, and ignores reset and new files while uploading', () => {
    expect(run({ type: 'start' })).toEqual(initialUploadWidget)
    expect(
      run({ file, type: 'chooseFile' }, { title: '  ', type: 'setTitle' }, { type: 'start' }).phase,
    ).toBe('file')
    const uploading = run({ file, type: 'chooseFile' }, { type: 'start' })
    expect(uploadWidgetReducer(uploading, { type: 'reset' })).toBe(uploading)
    expect(uploadWidgetReducer(uploading, { file, type: 'chooseFile' })).toBe(uploading)
    expect(uploadWidgetReducer(uploading, { title: 'other', type: 'setTitle' })).toBe(uploading)
  })

  it('resumes an interrupted upload from new straight to uploading, and not over another one', () => {
    expect(run({ file, type: 'resume' })).toEqual({
      file,
      percent: 0,
      phase: 'uploading',
      title: 'Holiday clip.final',
    })
    const uploading = run({ file, type: 'chooseFile' }, { type: 'start' })
    expect(uploadWidgetReducer(uploading, { file, type: 'resume' })).toBe(uploading)
  })

  it('sends the extension without its dot, lower-case', () => {
    expect(extensionOf('Holiday clip.final.MP4')).toBe('mp4')
    expect(extensionOf('no-extension')).toBe('')
  })
})

describe('the chunks of an upload', () => {
  it('cuts a file into Content-Range chunks and reports whole percents of the bytes sent', () => {
    expect(nextChunk(0, 10, 4)).toEqual({ contentRange: 'bytes 0-3/10', end: 4, start: 0 })
    expect(nextChunk(8, 10, 4)).toEqual({ contentRange: 'bytes 8-9/10', end: 10, start: 8 })
    expect(nextChunk(10, 10, 4)).toBeNull()
    expect(nextChunk(0, 3 * uploadChunkBytes)?.end).toBe(uploadChunkBytes)
    expect(statusRange(10)).toBe('bytes */10')
    expect(uploadPercent(1, 3)).toBe(33)
    expect(uploadPercent(3, 3)).toBe(100)
  })

  it('resumes after the bytes the server says it holds', () => {
    expect(receivedFromRange('bytes=0-4194303')).toBe(4194304)
    expect(receivedFromRange(null)).toBe(0)
    expect(receivedFromRange('bytes=5-9')).toBe(0)
  })
})

describe('an interrupted upload', () => {
  const upload = {
    lastModified: 1_764_000_000_000,
    mimeType: 'video/mp4',
    name: 'Harbour.mp4',
    signedUrl: 'http://localhost:3000/api/video/videos/7/source?token=abc.def',
    size: 12_345_678,
    videoId: 7,
  }

  it('is read back as it was remembered, under a key of its plugin mount', () => {
    expect(readInterruptedUpload(JSON.stringify(upload))).toEqual(upload)
    expect(readInterruptedUpload(JSON.stringify({ ...upload, videoId: 'a1' }))?.videoId).toBe('a1')
    expect(interruptedUploadKey('/api/video')).toBe('payload-backoffice:video-upload:/api/video')
  })

  it('is nothing when storage holds something else', () => {
    expect(readInterruptedUpload(null)).toBeNull()
    expect(readInterruptedUpload('')).toBeNull()
    expect(readInterruptedUpload('{not json')).toBeNull()
    expect(readInterruptedUpload('null')).toBeNull()
    expect(readInterruptedUpload(JSON.stringify({ ...upload, signedUrl: '' }))).toBeNull()
    expect(readInterruptedUpload(JSON.stringify({ ...upload, size: -1 }))).toBeNull()
    expect(readInterruptedUpload(JSON.stringify({ ...upload, size: '12' }))).toBeNull()
    expect(readInterruptedUpload(JSON.stringify({ ...upload, videoId: null }))).toBeNull()
    expect(readInterruptedUpload(JSON.stringify({ ...upload, name: undefined }))).toBeNull()
  })

  it('matches only the same file: name, size and last modification', () => {
    const same = { lastModified: upload.lastModified, name: upload.name, size: upload.size }
    expect(isSameFile(upload, same)).toBe(true)
    expect(isSameFile(upload, { ...same, name: 'harbour.mp4' })).toBe(false)
    expect(isSameFile(upload, { ...same, size: upload.size + 1 })).toBe(false)
    expect(isSameFile(upload, { ...same, lastModified: upload.lastModified + 1 })).toBe(false)
  })
})
