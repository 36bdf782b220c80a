import type { Config } from 'payload'

import { describe, expect, it } from 'vitest'

import type { VideoPluginOptions } from '../../src/video/options/types.js'

import { resolveByteRange } from '../../src/video/lib/byteRange.js'
import { parseUploadRange, receivedRange } from '../../src/video/lib/contentRange.js'
import { rungsFor, transcodeArguments } from '../../src/video/lib/ladder.js'
import {
  partBytesFor,
  partCountOf,
  partLengthOf,
  S3_MAX_OBJECT_BYTES,
  S3_MAX_PARTS,
  S3_MIN_PART_BYTES,
} from '../../src/video/lib/multipartPlan.js'
import { withQueryOnEveryUri } from '../../src/video/lib/playlist.js'
import { readProbe, type SourceProbe } from '../../src/video/lib/probe.js'
import { progressFraction, progressReader } from '../../src/video/lib/progress.js'
import { signClaims, verifyClaims } from '../../src/video/lib/signedClaims.js'
import { slugify } from '../../src/video/lib/slugify.js'
import { uploadFailureReason } from '../../src/video/lib/uploadFailureReason.js'
import { videoDefaults } from '../../src/video/options/defaults.js'
import { sanitizeVideoOptions } from '../../src/video/options/sanitize.js'
import { videoPlugin } from '../../src/video/videoPlugin.js'

const ladder = videoDefaults().renditions
const source = (overrides: Partial<SourceProbe> = {}): SourceProbe => ({
  durationSeconds: 10,
  frameRate: 25,
  hasAudio: true,
  height: 1080,
  rotation: 0,
  videoCodec: 'h264',
  width: 1920,
  ...overrides,
})

describe('the ladder', () => {
  it('keeps every rung up to the source height, never above', () => {
    expect(rungsFor(source(), ladder).map((rung) => rung.name)).toEqual(['360p', '720p', '1080p'])
    expect(rungsFor(source({ height: 720 }), ladder).map((rung) => rung.name)).toEqual([
      '360p',
      '720p',
    ])
    expect(rungsFor(source({ height: 361 }), ladder).map((rung) => rung.name)).toEqual(['360p'])
  })

  it('gives a source below every rung one rung at its own height, made even', () => {
    expect(rungsFor(source({ height: 241, width: 321 }), ladder)).toEqual([
      { height: 240, name: '240p', videoBitrateKbps: 800 },
    ])
  })

  it('maps audio only when the source has some', () => {
    const withAudio = transcodeArguments({
      audioBitrateKbps: 128,
      input: '/in',
      outputDir: '/out',
      previewSeconds: 6,
      probe: source({ height: 720 }),
      rungs: rungsFor(source({ height: 720 }), ladder),
      segmentSeconds: 6,
    })
    expect(withAudio[withAudio.indexOf('-var_stream_map') + 1]).toBe(
      'v:0,a:0,name:360p v:1,a:1,name:720p',
    )
    const silent = transcodeArguments({
      audioBitrateKbps: 128,
      input: '/in',
      outputDir: '/out',
      previewSeconds: 6,
      probe: source({ hasAudio: false, height: 720 }),
      rungs: rungsFor(source({ height: 720 }), ladder),
      segmentSeconds: 6,
    })
    expect(silent[silent.indexOf('-var_stream_map') + 1]).toBe('v:0,name:360p v:1,name:720p')
    expect(silent).not.toContain('0:a:0')
    // Only container demuxers read the upload, and only from a file.
    expect(silent.slice(0, silent.indexOf('-i'))).toEqual(
      expect.arrayContaining(['-protocol_whitelist', 'file', '-format_whitelist']),
    )
  })
})

describe('the probe', () => {
  it('reads a rotated phone clip as displayed, and a variable frame rate by its average', () => {
    const probe = readProbe({
      format: { duration: '3.5' },
      streams: [
        {
          avg_frame_rate: '375/22',
          codec_name: 'h264',
          codec_type: 'video',
          height: 1080,
          r_frame_rate: '90000/1',
          side_data_list: [{ rotation: -90, side_data_type: 'Display Matrix' }],
          width: 1920,
        },
      ],
    })
    expect(probe).toMatchObject({
      durationSeconds: 3.5,
      frameRate: 17,
      hasAudio: false,
      height: 1920,
      width: 1080,
    })
  })

  it('caps the frame rate at 30 and finds no video in an audio file', () => {
    expect(
      readProbe({
        streams: [{ avg_frame_rate: '60/1', codec_type: 'video', height: 720, width: 1280 }],
      })?.frameRate,
    ).toBe(30)
    expect(readProbe({ streams: [{ codec_type: 'audio' }] })).toBeNull()
  })
})

describe('progress', () => {
  it('reads out_time_us over the duration, ignoring N/A and negative values', () => {
    expect(progressFraction({ out_time_us: '5000000', progress: 'continue' }, 10)).toBe(0.5)
    expect(progressFraction({ out_time_us: 'N/A', progress: 'continue' }, 10)).toBeNull()
    expect(progressFraction({ out_time_us: '-2000', progress: 'continue' }, 10)).toBeNull()
    expect(progressFraction({ progress: 'end' }, 0)).toBe(1)
  })

  it('splits the stream into blocks across chunk boundaries', () => {
    const blocks: Record<string, string>[] = []
    const read = progressReader((block) => blocks.push(block))
    read('frame=1\nout_time_us=10')
    read('00\nprogress=continue\nout_time_us=2000\nprog')
    read('ress=end\n')
    expect(blocks).toEqual([
      { frame: '1', out_time_us: '1000', progress: 'continue' },
      { out_time_us: '2000', progress: 'end' },
    ])
  })
})

describe('ranges', () => {
  it('parses Content-Range chunks and status queries, and nothing else', () => {
    expect(parseUploadRange('bytes 0-99/1000')).toEqual({
      first: 0,
      kind: 'chunk',
      last: 99,
      total: 1000,
    })
    expect(parseUploadRange('bytes */1000')).toEqual({ kind: 'status', total: 1000 })
    for (const bad of [
      'bytes 100-99/1000',
      'bytes 0-1000/1000',
      'items 0-1/2',
      'bytes 0-1/',
      null,
    ]) {
      expect(parseUploadRange(bad)).toBeNull()
    }
    expect(receivedRange(0)).toBeNull()
    expect(receivedRange(100)).toBe('bytes=0-99')
  })

  it('resolves a player’s Range against the file size', () => {
    expect(resolveByteRange('bytes=0-99', 1000)).toEqual({ end: 99, start: 0 })
    expect(resolveByteRange('bytes=900-', 1000)).toEqual({ end: 999, start: 900 })
    expect(resolveByteRange('bytes=-100', 1000)).toEqual({ end: 999, start: 900 })
    expect(resolveByteRange('bytes=0-5000', 1000)).toEqual({ end: 999, start: 0 })
    expect(resolveByteRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(resolveByteRange('bytes=0-1,5-6', 1000)).toBeNull()
  })
})

describe('multipart parts', () => {
  it('keeps every part within S3 limits, from a small file to the largest object', () => {
    const MiB = 1024 ** 2
    for (const size of [
      1,
      100 * MiB + 1,
      10 * 1024 ** 3,
      80 * 1024 ** 3 + 1,
      S3_MAX_OBJECT_BYTES,
    ]) {
      const partBytes = partBytesFor(size)
      const parts = partCountOf(size, partBytes)
      expect(partBytes).toBeGreaterThanOrEqual(S3_MIN_PART_BYTES)
      expect(partBytes).toBeLessThanOrEqual(5 * 1024 ** 3)
      expect(parts).toBeLessThanOrEqual(S3_MAX_PARTS)
      // The parts add up to the file, and only the last may be shorter.
      expect((parts - 1) * partBytes + partLengthOf(size, partBytes, parts)).toBe(size)
      expect(partLengthOf(size, partBytes, parts)).toBeGreaterThan(0)
    }
    expect(partBytesFor(100 * MiB)).toBe(8 * MiB)
    expect(partBytesFor(S3_MAX_OBJECT_BYTES)).toBe(525 * MiB)
    expect(partCountOf(20 * MiB, 8 * MiB)).toBe(3)
    expect(partLengthOf(20 * MiB, 8 * MiB, 3)).toBe(4 * MiB)
  })
})

describe('signed claims', () => {
  it('verify only with the same secret and purpose, untouched', () => {
    const signed = signClaims('secret', 'upload', { v: '1' })
    expect(verifyClaims('secret', 'upload', signed)).toEqual({ v: '1' })
    expect(verifyClaims('secret', 'playback', signed)).toBeNull()
    expect(verifyClaims('other', 'upload', signed)).toBeNull()
    const [body, mac] = signed.split('.') as [string, string]
    const forged = Buffer.from(JSON.stringify({ v: '2' })).toString('base64url')
    expect(verifyClaims('secret', 'upload', `${forged}.${mac}`)).toBeNull()
    expect(verifyClaims('secret', 'upload', `${body}.${mac}.x`)).toBeNull()
  })
})

describe('texts and options', () => {
  it('slugs titles as the spec’s helper does', () => {
    expect(slugify('  Harbour at Dawn!  ')).toBe('harbour-at-dawn')
    expect(slugify('Ça va -- très bien')).toBe('a-va-trs-bien')
  })

  it('rewrites every URI of a playlist, attributes included', () => {
    expect(
      withQueryOnEveryUri(
        '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:6,\nseg_00000.m4s\n',
        'token',
        'a b',
      ),
    ).toBe(
      '#EXTM3U\n#EXT-X-MAP:URI="init.mp4?token=a%20b"\n#EXTINF:6,\nseg_00000.m4s?token=a%20b\n',
    )
  })

  it('refuses options that cannot work at config time', () => {
    expect(() => sanitizeVideoOptions({ mount: 'a/b' })).toThrow(/mount/)
    expect(() => sanitizeVideoOptions({ mount: 'videos' })).toThrow(/collide/)
    expect(() =>
      sanitizeVideoOptions({ renditions: [{ height: 361, videoBitrateKbps: 800 }] }),
    ).toThrow(/even/)
    expect(() => sanitizeVideoOptions({ renditions: [] })).toThrow(/at least one/)
    const s3 = { bucket: 'media', config: {}, type: 's3' as const }
    // Multipart uploads take S3 past one PUT's 5 GiB, up to its 5 TiB object limit.
    expect(sanitizeVideoOptions({ storage: s3 }).maxFileSizeBytes).toBe(10 * 1024 ** 3)
    expect(
      sanitizeVideoOptions({ maxFileSizeBytes: 5 * 1024 ** 4, storage: s3 }).maxFileSizeBytes,
    ).toBe(5 * 1024 ** 4)
    expect(() =>
      sanitizeVideoOptions({ maxFileSizeBytes: 5 * 1024 ** 4 + 1, storage: s3 }),
    ).toThrow(/maxFileSizeBytes/)
    expect(sanitizeVideoOptions({ storage: s3 }).storage).toMatchObject({
      multipartThresholdBytes: 100 * 1024 ** 2,
    })
    // Above 5 GiB one PUT cannot take the file, so the threshold cannot be set higher.
    expect(() =>
      sanitizeVideoOptions({
        storage: { ...s3, multipartThresholdBytes: 5 * 1024 ** 3 + 1 },
      }),
    ).toThrow(/multipartThresholdBytes/)
    expect(() => sanitizeVideoOptions({ maxEncodeAttempts: 0 })).toThrow(/maxEncodeAttempts/)
    expect(sanitizeVideoOptions().maxEncodeAttempts).toBe(3)
    expect(sanitizeVideoOptions().takeoverCron).toBe('*/30 * * * * *')
  })

  it('runs the video queue in web processes only when the integrator turns autoRun on', () => {
    expect(sanitizeVideoOptions().autoRun).toBe(false)
    expect(sanitizeVideoOptions({ autoRun: false }).autoRun).toBe(false)
    expect(sanitizeVideoOptions({ autoRun: true }).autoRun).toEqual({
      cron: '*/5 * * * * *',
      limit: 1,
    })
    expect(sanitizeVideoOptions({ autoRun: { limit: 2 } }).autoRun).toEqual({
      cron: '*/5 * * * * *',
      limit: 2,
    })
    // The plugin only extends the config it is given: a database and a secret play no part here.
    const app = { admin: { user: 'users' }, collections: [] } as unknown as Config
    const jobsOf = (options: VideoPluginOptions) => (videoPlugin(options)(app) as Config).jobs
    expect(jobsOf({})?.autoRun).toBeUndefined()
    expect(jobsOf({ autoRun: true })?.autoRun).toEqual([
      { cron: '*/5 * * * * *', limit: 1, queue: 'video' },
    ])
  })
})

describe('uploadFailureReason: why the Upload Video modal says an upload failed', () => {
  it('tells the network, an ended session, a file too large and a file that is not a video apart', () => {
    expect(uploadFailureReason({ status: 0 })).toBe('network')
    expect(uploadFailureReason({ code: 'AUTHENTICATION_REQUIRED', status: 401 })).toBe(
      'sessionEnded',
    )
    expect(uploadFailureReason({ code: 'VIDEO_FILE_TOO_LARGE', status: 413 })).toBe('tooLarge')
    expect(uploadFailureReason({ code: 'VIDEO_TYPE_NOT_ALLOWED', status: 415 })).toBe('notVideo')
    expect(uploadFailureReason({ code: 'VIDEO_UPLOAD_TYPE_MISMATCH', status: 415 })).toBe(
      'notVideo',
    )
  })

  it('gives anything else, a bucket refusal or a server fault, as a failure to report', () => {
    expect(uploadFailureReason({ code: null, status: 403 })).toBe('unknown')
    expect(uploadFailureReason({ code: 'VIDEO_STAFF_ONLY', status: 403 })).toBe('unknown')
    expect(uploadFailureReason({ status: 500 })).toBe('unknown')
  })
})
