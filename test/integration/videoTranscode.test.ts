import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { createLocalReq } from 'payload'
import { videoPlaybackUrls } from 'payload-backoffice/video'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { seedVideo } from '../../dev/seed/video.js'
import { runJobsWorker } from '../helpers/jobsWorker.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { makeBrokenFile, makeClip, probe, rawRequest } from '../helpers/video.js'

const password = 'a-long-and-unusual-passphrase-42'

let app: TestPayload
let staff: RestClient
let videoDir: string
let scratch: string
/** Every transcode the real ffmpeg ran, one line each, written by a wrapper script around it. */
let ffmpegLog: string
/** While this file exists, a ladder run of ffmpeg waits before encoding. */
let ffmpegHold: string
/** The folder holding the wrapper named `ffmpeg`, to put first on a worker's PATH. */
let wrapperDir: string
const run = promisify(execFile)
const sql = sqlOn(() => app.payload)

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'video-transcode-'))
  ffmpegLog = path.join(scratch, 'ffmpeg-runs.log')
  ffmpegHold = path.join(scratch, 'hold-ffmpeg')
  wrapperDir = path.join(scratch, 'bin')
  await mkdir(wrapperDir)
  const wrapper = path.join(wrapperDir, 'ffmpeg')
  const systemFfmpeg = (await run('sh', ['-c', 'command -v ffmpeg'])).stdout.trim()
  // The system's ffmpeg, with one line logged per run that writes a ladder: how many times ffmpeg
  // really transcoded is then a count of lines, whatever the code under test believes. While the
  // hold file exists, a ladder run waits before it starts encoding (its worker keeps the lease).
  await writeFile(
    wrapper,
    `#!/bin/sh\ncase "$*" in *master.m3u8*) echo "$$" >> '${ffmpegLog}'\n  while [ -e '${ffmpegHold}' ]; do sleep 0.1; done;; esac\nexec '${systemFfmpeg}' "$@"\n`,
  )
  await chmod(wrapper, 0o755)
  app = await startTestPayload({ videoOptions: { autoRun: false, ffmpegPath: wrapper } })
  videoDir = process.env.VIDEO_DIR!
  staff = app.client()
  const registered = await staff.post('/users/first-register', {
    email: 'staff@example.com',
    password,
  })
  expect(registered.status).toBe(200)
})
afterAll(async () => {
  await app?.close()
})

const ffmpegRuns = async () =>
  existsSync(ffmpegLog) ? (await readFile(ffmpegLog, 'utf8')).trim().split('\n').length : 0

/** Uploads a file as the admin's modal does: the upload request, then a PUT to the signed URL. */
const upload = async (file: string, { visibility = 'public' } = {}) => {
  const bytes = await readFile(file)
  const created = await staff.request<Json>('PUT', '/video/videos/upload', {
    body: {
      extension: 'mp4',
      mimeType: 'video/mp4',
      size: bytes.length,
      title: path.basename(file),
      visibility,
    },
  })
  expect(created.status).toBe(200)
  const stored = await rawRequest(app.config, 'PUT', created.body.signedUrl, {
    body: bytes,
    headers: { 'content-type': 'video/mp4' },
  })
  expect(stored.status).toBe(200)
  return created.body.videoId as number
}

/** The video queue, run as a `payload jobs:run --queue video` worker runs it. */
const runQueue = () => app.payload.jobs.run({ queue: 'video', silent: true })

const videoOf = async (id: number) =>
  (await app.payload.findByID({
    collection: 'videos' as never,
    depth: 0,
    id,
    showHiddenFields: true,
  })) as Json

const outputOf = (id: number, ...file: string[]) => path.join(videoDir, String(id), 'out', ...file)

const get = (url: string, headers: Record<string, string> = {}) =>
  rawRequest(app.config, 'GET', url, { headers })

const codeOf = async (response: Response) =>
  ((await response.json()) as Json).errors[0].data.code as string

describe('encoding', () => {
  it('turns an upload into an HLS ladder capped at the source height, with poster, preview and data.json', async () => {
    const id = await upload(await makeClip(scratch, 'hd.mp4', { size: '1280x720' }))
    expect((await videoOf(id)).status).toBe('PROGRESSING')
    await runQueue()

    const video = await videoOf(id)
    expect(video.status).toBe('COMPLETE')
    expect(video.transcode).toMatchObject({
      attempts: 1,
      error: null,
      progress: 100,
      stage: 'done',
    })
    const base = `http://localhost:3000/api/video/videos/${id}`
    expect(video.src.abr.url).toBe(`${base}/master.m3u8`)
    expect(video.previewThumbnailUrl).toBe(`${base}/poster.jpg`)
    expect(video.previewVideoUrl).toBe(`${base}/preview.mp4`)

    // Two rungs: 360p and 720p; no 1080p from a 720p source.
    const master = await readFile(outputOf(id, 'master.m3u8'), 'utf8')
    const variants = master.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF'))
    expect(variants).toHaveLength(2)
    expect(master).toContain('RESOLUTION=640x360')
    expect(master).toContain('RESOLUTION=1280x720')
    expect(master).toContain('360p/index.m3u8')
    expect(master).toContain('720p/index.m3u8')
    for (const [rung, height] of [
      ['360p', 360],
      ['720p', 720],
    ] as const) {
      const { streams } = await probe(outputOf(id, rung, 'index.m3u8'))
      expect(streams.find((stream) => stream.codec_type === 'video')).toMatchObject({
        codec_name: 'h264',
        height,
      })
      expect(streams.find((stream) => stream.codec_type === 'audio')).toMatchObject({
        codec_name: 'aac',
      })
    }
    expect((await probe(outputOf(id, 'poster.jpg'))).streams[0]).toMatchObject({
      codec_name: 'mjpeg',
      height: 720,
    })
    const preview = await probe(outputOf(id, 'preview.mp4'))
    expect(preview.streams.map((stream) => stream.codec_type)).toEqual(['video'])
    expect(preview.streams[0]).toMatchObject({ codec_name: 'h264', height: 360 })
    const data = JSON.parse(await readFile(outputOf(id, 'data.json'), 'utf8'))
    expect(data).toMatchObject({
      id,
      renditions: ['360p', '720p'],
      src: { abr: { url: `${base}/master.m3u8` } },
      status: 'COMPLETE',
    })
    // Nothing but the output is left: no work folder, no part file.
    await expect(readdir(path.join(videoDir, String(id)))).resolves.toEqual(['out', 'source'])
  })

  it('serves the files with their content types, ranges and long-lived caching', async () => {
    const id = await upload(await makeClip(scratch, 'served.mp4'))
    await runQueue()
    const base = `/api/video/videos/${id}`

    const master = await get(`${base}/master.m3u8`)
    expect(master.status).toBe(200)
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl')
    expect(await master.text()).toContain('360p/index.m3u8')
    const playlist = await get(`${base}/360p/index.m3u8`)
    expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl')
    const segmentName = (await playlist.text()).split('\n').find((line) => line.endsWith('.m4s'))!
    const segment = await get(`${base}/360p/${segmentName}`)
    expect(segment.status).toBe(200)
    expect(segment.headers.get('content-type')).toBe('video/mp4')
    expect(segment.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const onDisk = await readFile(outputOf(id, '360p', segmentName))
    expect(Buffer.from(await segment.arrayBuffer()).equals(onDisk)).toBe(true)

    const poster = await get(`${base}/poster.jpg`)
    expect(poster.headers.get('content-type')).toBe('image/jpeg')
    const previewBytes = await readFile(outputOf(id, 'preview.mp4'))
    const part = await get(`${base}/preview.mp4`, { range: 'bytes=100-199' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-type')).toBe('video/mp4')
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${previewBytes.length}`)
    expect(Buffer.from(await part.arrayBuffer()).equals(previewBytes.subarray(100, 200))).toBe(true)
    const beyond = await get(`${base}/preview.mp4`, { range: `bytes=${previewBytes.length}-` })
    expect(beyond.status).toBe(416)
    expect(await codeOf(beyond)).toBe('VIDEO_RANGE_NOT_SATISFIABLE')

    const data = await get(`${base}/data.json`)
    expect(data.headers.get('content-type')).toBe('application/json')
    expect(await data.json()).toMatchObject({ id, renditions: ['360p'], title: 'served.mp4' })
    // An editor renames the finished video: its data.json follows.
    expect(
      (await staff.request('PATCH', `/videos/${id}`, { body: { title: 'Renamed' } })).status,
    ).toBe(200)
    expect(await (await get(`${base}/data.json`)).json()).toMatchObject({ id, title: 'Renamed' })
    // The source and anything outside the output are never served.
    expect((await get(`${base}/source`)).status).toBe(404)
    expect((await get(`${base}/..%2Fsource`)).status).toBe(404)
    expect((await get(`${base}/360p/..%2F..%2Fsource`)).status).toBe(404)
  })

  it.each([
    [
      'a rotated phone clip comes out upright',
      { rotate: 90 },
      (video: { height?: number; width?: number }) => {
        expect(video.height).toBe(360)
        expect(video.width).toBeLessThan(video.height!)
      },
    ],
    [
      'an odd-sized clip comes out with even dimensions',
      { oddSize: true },
      (video: { height?: number; width?: number }) => {
        expect(video.height).toBe(360)
        expect(video.width! % 2).toBe(0)
      },
    ],
  ])('%s', async (_case, clipOptions, check) => {
    const id = await upload(
      await makeClip(scratch, `${Object.keys(clipOptions)[0]}.mp4`, clipOptions),
    )
    await runQueue()
    const stored = await videoOf(id)
    expect(stored.status).toBe('COMPLETE')
    // The source really was sideways (or odd): the probe saw it.
    if ('rotate' in clipOptions) {
      expect(Math.abs(stored.probe.rotation)).toBe(90)
    } else {
      expect(stored.probe).toMatchObject({ height: 361, width: 641 })
    }
    const { streams } = await probe(outputOf(id, '360p', 'index.m3u8'))
    const video = streams.find((stream) => stream.codec_type === 'video')!
    check(video)
    expect(video.side_data_list?.some((data) => data.rotation)).toBeFalsy()
  })

  it('encodes a clip without audio, with no audio in the ladder', async () => {
    const id = await upload(await makeClip(scratch, 'silent.mp4', { audio: false }))
    await runQueue()
    expect((await videoOf(id)).status).toBe('COMPLETE')
    expect(await readFile(outputOf(id, 'master.m3u8'), 'utf8')).not.toContain('mp4a')
    const { streams } = await probe(outputOf(id, '360p', 'index.m3u8'))
    expect(streams.map((stream) => stream.codec_type)).toEqual(['video'])
  })

  it('encodes a variable-frame-rate clip at a constant rate, keeping its length', async () => {
    const id = await upload(
      await makeClip(scratch, 'vfr.mp4', { seconds: 3, variableFrameRate: true }),
    )
    await runQueue()
    const video = await videoOf(id)
    expect(video.status).toBe('COMPLETE')
    const { format, streams } = await probe(outputOf(id, '360p', 'index.m3u8'))
    const stream = streams.find((each) => each.codec_type === 'video') as Json
    expect(stream.r_frame_rate).toBe(`${video.probe.frameRate}/1`)
    expect(Number(format.duration)).toBeGreaterThan(2.7)
    expect(Number(format.duration)).toBeLessThan(3.3)
  })
})

describe('imports', () => {
  it('adds a file from the server’s disk as an upload would, once, as the sandbox’s seed does', async () => {
    expect(await seedVideo(app.payload)).toBe(true)
    expect(await seedVideo(app.payload)).toBe(false)
    const { docs } = await app.payload.find({
      collection: 'videos',
      where: { slug: { equals: 'test-pattern' } },
    })
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({
      status: 'PROGRESSING',
      title: 'Test pattern',
      visibility: 'public',
    })
    await runQueue()
    expect((await videoOf(docs[0]!.id as number)).status).toBe('COMPLETE')
    const master = await readFile(outputOf(docs[0]!.id as number, 'master.m3u8'), 'utf8')
    expect(master).toContain('RESOLUTION=1280x720')
  })
})

describe('failures', () => {
  it('ends an undecodable upload in ERROR with a failure code, and retries it on request', async () => {
    const id = await upload(await makeBrokenFile(scratch, 'broken.mp4'))
    const runsBefore = await ffmpegRuns()
    await runQueue()
    const failed = await videoOf(id)
    expect(failed.status).toBe('ERROR')
    expect(failed.transcode).toMatchObject({ error: 'VIDEO_SOURCE_UNREADABLE', stage: 'probe' })
    expect(await ffmpegRuns()).toBe(runsBefore)

    const listed = await staff.get(`/video/videos/${id}`)
    expect(listed.body).toMatchObject({
      status: 'ERROR',
      transcode: { attempts: 1, error: 'VIDEO_SOURCE_UNREADABLE', stage: 'probe' },
    })

    const retried = await staff.post(`/video/videos/${id}/retry`)
    expect(retried.status).toBe(200)
    expect(retried.body).toEqual({ status: 'PROGRESSING', videoId: id })
    expect((await videoOf(id)).transcode.error).toBeNull()
    // A second retry while it is queued is refused: there is one attempt at a time.
    const again = await staff.post(`/video/videos/${id}/retry`)
    expect(again.status).toBe(409)
    expect(again.body.errors[0].data.code).toBe('VIDEO_RETRY_NOT_ALLOWED')
    await runQueue()
    expect(await videoOf(id)).toMatchObject({ status: 'ERROR', transcode: { attempts: 2 } })
  })

  it('finding 5: staff read a failure code, never ffprobe’s text or the server’s folders; the log has them', async () => {
    const notAVideo = path.join(scratch, 'notes.mp4')
    await writeFile(notAVideo, 'Meeting notes, saved with the wrong name.\n'.repeat(200))
    const id = await upload(notAVideo)
    const errors = vi.spyOn(app.payload.logger, 'error')
    try {
      await runQueue()
      // What an operator needs is in the server log: the video, the code, ffprobe's own words and
      // the file it could not read, under the storage folder.
      const logged = errors.mock.calls.map(([entry]) => entry as Json)
      const entry = logged.find((each) => each?.videoId === String(id))
      expect(entry).toMatchObject({
        code: 'VIDEO_SOURCE_UNREADABLE',
        stage: 'probe',
        videoId: String(id),
      })
      expect(entry!.output).toContain(path.join(videoDir, String(id), 'source'))
      expect(entry!.output).toMatch(/Invalid data found when processing input/)
    } finally {
      errors.mockRestore()
    }

    // What staff read, through every way of reading a video: the plugin's endpoint, its list,
    // the collection's REST route and GraphQL.
    const graphql = await staff.post('/graphql', {
      query: `{ Video(id: ${id}) { status transcode { error stage } } }`,
    })
    expect(graphql.body.data.Video).toEqual({
      status: 'ERROR',
      transcode: { error: 'VIDEO_SOURCE_UNREADABLE', stage: 'probe' },
    })
    const answers = [
      await staff.get(`/video/videos/${id}`),
      await staff.get('/video/videos'),
      await staff.get(`/videos/${id}`),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(200)
    }
    expect(answers[0]!.body.transcode).toMatchObject({
      error: 'VIDEO_SOURCE_UNREADABLE',
      stage: 'probe',
    })
    expect(answers[1]!.body.docs.find((video: Json) => video.id === id).transcode).toMatchObject({
      error: 'VIDEO_SOURCE_UNREADABLE',
      stage: 'probe',
    })
    expect(answers[2]!.body.transcode).toMatchObject({
      error: 'VIDEO_SOURCE_UNREADABLE',
      stage: 'probe',
    })
    for (const text of [...answers.map((answer) => answer.body), graphql.body].map((body) =>
      JSON.stringify(body),
    )) {
      expect(text).not.toContain(videoDir)
      expect(text).not.toContain(tmpdir())
      expect(text).not.toMatch(/Invalid (data|argument)|ffprobe|ffmpeg|No such file/)
    }
  })

  it('finding 5: a failure stored as free text by an earlier version reads as the generic code', async () => {
    const id = await upload(await makeBrokenFile(scratch, 'legacy.mp4'))
    await runQueue()
    const legacyText = `${path.join(videoDir, String(id), 'source')}: Invalid data found when processing input`
    await sql(`UPDATE videos SET transcode_error = $1 WHERE id = $2`, [legacyText, id])

    const graphql = await staff.post('/graphql', {
      query: `{ Video(id: ${id}) { transcode { error } } }`,
    })
    const answers = [await staff.get(`/video/videos/${id}`), await staff.get(`/videos/${id}`)]
    expect(graphql.body.data.Video.transcode.error).toBe('VIDEO_ENCODING_FAILED')
    for (const answer of answers) {
      expect(answer.body.transcode.error).toBe('VIDEO_ENCODING_FAILED')
      expect(JSON.stringify(answer.body)).not.toContain(videoDir)
    }
  })

  it('refuses a retry of a video that is fine, and of an anonymous caller', async () => {
    const id = await upload(await makeClip(scratch, 'fine.mp4'))
    await runQueue()
    const refused = await staff.post(`/video/videos/${id}/retry`)
    expect(refused.status).toBe(409)
    expect(refused.body.errors[0].data.code).toBe('VIDEO_RETRY_NOT_ALLOWED')
    const anonymous = await app.client().post(`/video/videos/${id}/retry`)
    expect(anonymous.status).toBe(401)
    expect((await videoOf(id)).status).toBe('COMPLETE')
  })
})

describe('two workers on one job', () => {
  it('runs ffmpeg once: the video lease lets one of them transcode', async () => {
    const id = await upload(await makeClip(scratch, 'raced.mp4'))
    const task = app.payload.config.jobs.tasks!.find(
      (each) => each.slug === 'backofficeVideoTranscode',
    )!
    const runsBefore = await ffmpegRuns()
    // What Payload 3.90 can do with one job and two workers: hand it to both at once.
    const worker = async () =>
      (
        (await (task.handler as (args: unknown) => Promise<{ output: { outcome: string } }>)({
          input: { videoId: String(id) },
          req: await createLocalReq({}, app.payload),
        })) as { output: { outcome: string } }
      ).output.outcome
    const outcomes = await Promise.all([worker(), worker()])
    expect(outcomes.sort()).toEqual(['COMPLETE', 'SKIPPED'])
    expect(await ffmpegRuns()).toBe(runsBefore + 1)
    expect(await videoOf(id)).toMatchObject({ status: 'COMPLETE', transcode: { attempts: 1 } })
    // The queued job itself, run later by a third worker, finds the work done.
    await runQueue()
    expect(await ffmpegRuns()).toBe(runsBefore + 1)
  })

  it('runs ffmpeg once when two `payload jobs:run` processes on one database are both handed its job', async () => {
    const id = await upload(await makeClip(scratch, 'two-processes.mp4'))
    const runsBefore = await ffmpegRuns()
    // Each worker finds ffmpeg where an operator's machine has it, on its PATH: here the wrapper.
    const env = { PATH: `${wrapperDir}:${process.env.PATH}` }
    await writeFile(ffmpegHold, '')
    const first = runJobsWorker('video', env)
    for (let tries = 0; (await ffmpegRuns()) === runsBefore; tries++) {
      expect(tries, 'the first worker never started ffmpeg').toBeLessThan(1200)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    // The first worker holds the video and its ffmpeg has started when the second is handed the
    // same job. Payload 3.90 claims jobs in two statements, reading the runnable ones and then
    // marking them processing (@payloadcms/drizzle updateJobs), so two workers polling together
    // both get it; here the second sees the job runnable exactly as it would then.
    const released = await sql(
      `UPDATE payload_jobs SET processing = false
        WHERE task_slug = 'backofficeVideoTranscode' AND input->>'videoId' = $1 RETURNING id`,
      [String(id)],
    )
    expect(released).toHaveLength(1)
    const second = await runJobsWorker('video', env)
    expect(second.code, second.output).toBe(0)
    expect(await ffmpegRuns()).toBe(runsBefore + 1)

    await rm(ffmpegHold)
    const firstRun = await first
    expect(firstRun.code, firstRun.output).toBe(0)
    expect(await ffmpegRuns()).toBe(runsBefore + 1)
    expect(await videoOf(id)).toMatchObject({
      status: 'COMPLETE',
      transcode: { attempts: 1, error: null, leaseOwner: null, progress: 100, stage: 'done' },
    })
    // Both workers were handed the job, and both ended cleanly (Payload deleted the finished job).
    for (const { output } of [firstRun, second]) {
      expect(output).toContain('Running 1 jobs.')
    }
    expect(
      await sql(
        `SELECT id FROM payload_jobs WHERE task_slug = 'backofficeVideoTranscode' AND input->>'videoId' = $1`,
        [String(id)],
      ),
    ).toEqual([])
    // What a player fetches is whole: the master playlist, and the rung it names plays.
    const master = await get(`/api/video/videos/${id}/master.m3u8`)
    expect(master.status).toBe(200)
    expect(await master.text()).toContain('360p/index.m3u8')
    const { streams } = await probe(outputOf(id, '360p', 'index.m3u8'))
    expect(streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video'])
    expect(JSON.parse(await readFile(outputOf(id, 'data.json'), 'utf8'))).toMatchObject({
      renditions: ['360p'],
      status: 'COMPLETE',
    })
    expect(await readdir(path.join(videoDir, String(id)))).toEqual(['out', 'source'])
  }, 180_000)
})

describe('a worker that died', () => {
  it('leaves its video to the next worker once its lease runs out', async () => {
    const id = await upload(await makeClip(scratch, 'orphaned.mp4'))
    // A worker took the video and died: its lease is still on the row, not yet expired.
    await sql(
      `UPDATE videos SET transcode_lease_owner = 'crashed-worker', transcode_lease_until = now() + interval '1 minute' WHERE id = $1`,
      [id],
    )
    const runsBefore = await ffmpegRuns()
    await runQueue()
    expect(await ffmpegRuns()).toBe(runsBefore)
    expect((await videoOf(id)).status).toBe('PROGRESSING')
    // Until the lease runs out, nobody may start it again by hand either.
    const early = await staff.post(`/video/videos/${id}/retry`)
    expect(early.status).toBe(409)

    await sql(
      `UPDATE videos SET transcode_lease_until = now() - interval '1 second' WHERE id = $1`,
      [id],
    )
    const retried = await staff.post(`/video/videos/${id}/retry`)
    expect(retried.status).toBe(200)
    await runQueue()
    expect(await ffmpegRuns()).toBe(runsBefore + 1)
    expect(await videoOf(id)).toMatchObject({ status: 'COMPLETE', transcode: { attempts: 1 } })
  })
})

describe('progress', () => {
  it('is written while ffmpeg encodes, and the lease is held meanwhile', async () => {
    const id = await upload(await makeClip(scratch, 'long.mp4', { seconds: 10 }))
    const seen: { lease: null | string; progress: number; stage: string }[] = []
    let running = true
    const watching = (async () => {
      while (running) {
        const [row] = await sql(
          'SELECT transcode_progress AS progress, transcode_stage AS stage, transcode_lease_until AS lease FROM videos WHERE id = $1',
          [id],
        )
        seen.push({ lease: row.lease, progress: Number(row.progress), stage: row.stage })
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })()
    await runQueue()
    running = false
    await watching
    const encoding = seen.filter((row) => row.stage === 'encode')
    const between = new Set(
      encoding.map((row) => row.progress).filter((value) => value > 0 && value < 100),
    )
    expect(between.size).toBeGreaterThanOrEqual(1)
    expect(encoding.every((row) => row.lease !== null)).toBe(true)
    const values = seen.map((row) => row.progress)
    expect(values).toEqual([...values].sort((a, b) => a - b))
    expect(await videoOf(id)).toMatchObject({
      status: 'COMPLETE',
      transcode: { leaseOwner: null, progress: 100 },
    })
  })

  it('stops ffmpeg when the video is deleted while it encodes, and leaves no files', async () => {
    const id = await upload(
      await makeClip(scratch, 'deleted-midway.mp4', { seconds: 12, size: '1280x720' }),
    )
    const run = runQueue()
    for (let tries = 0; tries < 200; tries++) {
      const [row] = await sql('SELECT transcode_stage AS stage FROM videos WHERE id = $1', [id])
      if (row?.stage === 'encode') {
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const started = Date.now()
    expect((await staff.request('DELETE', `/videos/${id}`)).status).toBe(200)
    await run
    // Killed, not left to finish: an encode of 12 s of 720p takes longer than this on CI.
    expect(Date.now() - started).toBeLessThan(1500)
    expect(existsSync(path.join(videoDir, String(id)))).toBe(false)
  })
})

describe('private videos', () => {
  it('serves a private video only with a live token for that video, on every file', async () => {
    const id = await upload(await makeClip(scratch, 'private.mp4'), { visibility: 'private' })
    const other = await upload(await makeClip(scratch, 'other-private.mp4'), {
      visibility: 'private',
    })
    await runQueue()
    const base = `/api/video/videos/${id}`
    for (const file of [
      'master.m3u8',
      '360p/index.m3u8',
      '360p/init.mp4',
      'poster.jpg',
      'preview.mp4',
      'data.json',
    ]) {
      const refused = await get(`${base}/${file}`)
      expect(refused.status).toBe(403)
      expect(await codeOf(refused)).toBe('VIDEO_PLAYBACK_DENIED')
    }

    const listed = (await staff.get(`/video/videos/${id}`)).body
    expect(listed.src.abr.url).toBe(`http://localhost:3000${base}/master.m3u8`)
    const masterUrl = new URL(listed.playback.master)
    const token = masterUrl.searchParams.get('token')!
    expect(token).toBeTruthy()
    // The token lives only in what was just minted: never in the database.
    const stored = JSON.stringify(await sql('SELECT * FROM videos WHERE id = $1', [id]))
    expect(stored).not.toContain(token)

    const master = await get(masterUrl.toString())
    expect(master.status).toBe(200)
    expect(master.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/)
    const rendition = (await master.text()).split('\n').find((line) => line.includes('index.m3u8'))!
    expect(rendition).toBe(`360p/index.m3u8?token=${encodeURIComponent(token)}`)
    const playlist = await get(`${base}/${rendition}`)
    expect(playlist.status).toBe(200)
    const lines = (await playlist.text()).split('\n')
    expect(lines.find((line) => line.startsWith('#EXT-X-MAP'))).toBe(
      `#EXT-X-MAP:URI="init.mp4?token=${encodeURIComponent(token)}"`,
    )
    const segment = lines.find((line) => line.includes('.m4s'))!
    expect(segment).toMatch(/\.m4s\?token=/)
    expect((await get(`${base}/360p/${segment}`)).status).toBe(200)
    expect((await get(listed.playback.poster)).status).toBe(200)
    expect((await get(listed.playback.preview)).status).toBe(200)

    // Another video's token opens nothing here, nor does a tampered or an expired one.
    const otherToken = new URL(
      (await staff.get(`/video/videos/${other}`)).body.playback.master,
    ).searchParams.get('token')!
    const tampered = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`
    for (const wrong of [otherToken, tampered]) {
      const refused = await get(`${base}/master.m3u8?token=${encodeURIComponent(wrong)}`)
      expect(refused.status).toBe(403)
    }
    // The app's own front end mints the same kind of token for a viewer it lets in.
    const forViewer = videoPlaybackUrls(app.payload, await videoOf(id))!
    expect(forViewer.master).toMatch(new RegExp(`${base}/master\\.m3u8\\?token=`))
    expect((await get(forViewer.master)).status).toBe(200)
    expect((await get(forViewer.preview)).status).toBe(200)

    const now = Date.now()
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 5 * 3600 * 1000)
    try {
      expect((await get(masterUrl.toString())).status).toBe(403)
    } finally {
      clock.mockRestore()
    }
  })
})

describe('deleting a video', () => {
  it('removes its files and stops serving them', async () => {
    const id = await upload(await makeClip(scratch, 'deleted.mp4'))
    await runQueue()
    expect((await get(`/api/video/videos/${id}/master.m3u8`)).status).toBe(200)
    const deleted = await staff.request('DELETE', `/videos/${id}`)
    expect(deleted.status).toBe(200)
    expect(existsSync(path.join(videoDir, String(id)))).toBe(false)
    expect((await get(`/api/video/videos/${id}/master.m3u8`)).status).toBe(404)
  })

  it('cancels its queued transcode', async () => {
    const id = await upload(await makeClip(scratch, 'cancelled.mp4'))
    const [job] = await sql(`SELECT id FROM payload_jobs WHERE input->>'videoId' = $1`, [
      String(id),
    ])
    expect((await staff.request('DELETE', `/videos/${id}`)).status).toBe(200)
    const [after] = await sql(
      'SELECT has_error, error, processing FROM payload_jobs WHERE id = $1',
      [job.id],
    )
    expect(after).toMatchObject({ error: { cancelled: true }, has_error: true, processing: false })
    const runsBefore = await ffmpegRuns()
    await runQueue()
    expect(await ffmpegRuns()).toBe(runsBefore)
  })
})
