import type { VideoPluginOptions } from 'payload-backoffice/video'

import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { encodingFailureText } from '../../src/video/lib/encodingFailureText.js'
import { en } from '../../src/video/translations/en.js'
import { startJobsWorker } from '../helpers/jobsWorker.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { makeClip, probe, rawRequest, uploadVideo } from '../helpers/video.js'

const password = 'a-long-and-unusual-passphrase-42'
/**
 * Short enough that the test takes seconds: a worker holds a video for 2 s, renewing every 0.67 s,
 * and the takeover check runs every second. The app and every worker run with these; the app, as
 * in production, leaves the queue to the workers.
 */
const videoOptions: VideoPluginOptions = {
  autoRun: false,
  leaseSeconds: 2,
  takeoverCron: '* * * * * *',
}

let app: TestPayload
let staff: RestClient
let scratch: string
let videoDir: string
/** One line per ladder run of ffmpeg, its process id, written by a wrapper around the real one. */
let ffmpegLog: string
/** While this file exists, a ladder run of ffmpeg waits before encoding. */
let ffmpegHold: string
let workerEnv: Record<string, string>
const workers: ReturnType<typeof startJobsWorker>[] = []
const run = promisify(execFile)
const sql = sqlOn(() => app.payload)

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'video-worker-crash-'))
  ffmpegLog = path.join(scratch, 'ffmpeg-runs.log')
  ffmpegHold = path.join(scratch, 'hold-ffmpeg')
  const wrapperDir = path.join(scratch, 'bin')
  await mkdir(wrapperDir)
  const systemFfmpeg = (await run('sh', ['-c', 'command -v ffmpeg'])).stdout.trim()
  // `exec` keeps the process id: the logged id is the encoding ffmpeg's own.
  await writeFile(
    path.join(wrapperDir, 'ffmpeg'),
    `#!/bin/sh\ncase "$*" in *master.m3u8*) echo "$$" >> '${ffmpegLog}'\n  while [ -e '${ffmpegHold}' ]; do sleep 0.1; done;; esac\nexec '${systemFfmpeg}' "$@"\n`,
  )
  await chmod(path.join(wrapperDir, 'ffmpeg'), 0o755)
  app = await startTestPayload({ videoOptions })
  videoDir = process.env.VIDEO_DIR!
  // Each worker finds ffmpeg where an operator's machine has it, on its PATH: here the wrapper.
  workerEnv = {
    PATH: `${wrapperDir}:${process.env.PATH}`,
    PAYLOAD_CONFIG_PATH: 'test/helpers/videoWorkerConfig.ts',
    VIDEO_WORKER_OPTIONS: JSON.stringify(videoOptions),
  }
  staff = app.client()
  expect(
    (await staff.post('/users/first-register', { email: 'staff@example.com', password })).status,
  ).toBe(200)
}, 60_000)
afterAll(async () => {
  for (const worker of workers) {
    worker.kill('SIGKILL')
  }
  await Promise.all(workers.map((worker) => worker.exited))
  await app?.close()
})

const ffmpegPids = async () =>
  existsSync(ffmpegLog) ? (await readFile(ffmpegLog, 'utf8')).trim().split('\n').map(Number) : []

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Polls `check` every 100 ms until it holds, failing with `what` after `ms`. */
const until = async (what: string, check: () => Promise<boolean>, ms = 60_000) => {
  for (const started = Date.now(); !(await check());) {
    expect(Date.now() - started, `waited ${ms} ms for ${what}`).toBeLessThan(ms)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const videoRow = async (id: number) =>
  (
    await sql(
      `SELECT status, transcode_progress::int AS progress, transcode_stage AS stage,
              transcode_attempts::int AS attempts, transcode_takeovers::int AS takeovers,
              transcode_error AS error, transcode_lease_owner AS "leaseOwner"
         FROM videos WHERE id = $1`,
      [id],
    )
  )[0]!

const transcodeJobs = (id: number) =>
  sql(
    `SELECT id, processing, has_error AS "hasError" FROM payload_jobs
      WHERE task_slug = 'backofficeVideoTranscode' AND input->>'videoId' = $1`,
    [String(id)],
  )

/** What a reconciler on another worker does each `takeoverCron`: the task run in this process. */
const takeOverNow = async () => {
  const task = app.payload.config.jobs.tasks!.find(
    (each) => each.slug === 'backofficeVideoReconcile',
  )!
  const result = (await (task.handler as (args: unknown) => Promise<{ output: Json }>)({
    input: { scope: 'takeover' },
    req: await createLocalReq({}, app.payload),
  })) as { output: { abandoned: string[]; requeued: string[] } }
  return result.output
}

describe('finding: a crashed encode worker leaves its video stuck', () => {
  it('a worker SIGKILLed mid-encode, whose job a second worker skipped and deleted, has its video taken over and COMPLETE with playable HLS, with no manual step', async () => {
    // Two workers, as an operator runs them, both polling the queue every second.
    workers.push(startJobsWorker('video', workerEnv), startJobsWorker('video', workerEnv))
    const id = await uploadVideo(
      app.config,
      staff,
      await makeClip(scratch, 'crash.mp4', { seconds: 30 }),
    )
    await until('a worker to report progress', async () => {
      const row = await videoRow(id)
      return row.stage === 'encode' && Number(row.progress) > 0
    })
    const [firstFfmpeg] = await ffmpegPids()
    expect(firstFfmpeg).toBeGreaterThan(0)
    const holder = (await videoRow(id)).leaseOwner as string
    // The lease owner names the holding process (`host-pid-nonce`); its group is its worker's.
    const holderPid = holder.split('-').at(-2)!
    const holderGroup = Number((await run('ps', ['-o', 'pgid=', '-p', holderPid])).stdout.trim())
    const first = workers.find((worker) => worker.pid === holderGroup)!
    const second = workers.find((worker) => worker !== first)!
    expect(first).toBeDefined()
    // From here on a new ladder run waits before encoding, with only its worker's timer renewing
    // the lease: the run that takes over is a slow one (the first run is already encoding).
    await writeFile(ffmpegHold, '')

    // What Payload 3.90 does with one job and two polling workers (see videoTranscode.test.ts):
    // hands it to the second too. That one finds the lease taken, skips, and Payload deletes the
    // job: from then on no job exists for the video, whose encode the first worker alone runs.
    // The job is made free again here; on a busy machine the second worker may have been handed it
    // already and deleted it before this runs (the same state the next wait asks for).
    const [job] = await sql(
      `UPDATE payload_jobs SET processing = false
        WHERE task_slug = 'backofficeVideoTranscode' AND input->>'videoId' = $1 RETURNING id`,
      [String(id)],
    )
    if (!job) {
      expect(await transcodeJobs(id)).toEqual([])
    }
    await until('the second worker to skip and delete the job', async () => {
      return (await transcodeJobs(id)).length === 0
    })
    expect(await videoRow(id)).toMatchObject({ leaseOwner: holder, status: 'PROGRESSING' })

    // The crash: the first worker, the npx in front of it and its ffmpeg, killed with no clean-up.
    first.kill('SIGKILL')
    const killedAt = Date.now()
    expect((await first.exited).signal).toBe('SIGKILL')
    await until('the first ffmpeg to be gone', async () => !isAlive(firstFfmpeg!), 10_000)
    // Its lease (2 s) may already have run out and the video been taken over (the next check waits
    // for that): on a loaded machine, the ffmpeg's end can be seen later than the lease's.

    // The second worker's reconciler finds the lease run out and no job left, and queues the
    // video again; the second worker then takes it (its ffmpeg waits on the hold file).
    await until('the video to be taken over', async () => {
      const row = await videoRow(id)
      return row.leaseOwner !== null && row.leaseOwner !== holder
    })
    const takenOverAt = Date.now()
    const takenOverInMs = takenOverAt - killedAt
    const taker = (await videoRow(id)).leaseOwner as string
    expect(await videoRow(id)).toMatchObject({ attempts: 2, status: 'PROGRESSING', takeovers: 1 })

    // A live run is never taken over, however long it goes without progress: three leases long,
    // a reconciler (here, this process's) checks again and again, and finds nothing to take.
    const checks: { abandoned: string[]; requeued: string[] }[] = []
    while (Date.now() - takenOverAt < 3 * 2000) {
      checks.push(await takeOverNow())
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(checks.length).toBeGreaterThan(5)
    expect(checks.filter((check) => check.requeued.includes(String(id)))).toEqual([])
    expect(await videoRow(id)).toMatchObject({ attempts: 2, leaseOwner: taker, takeovers: 1 })
    await rm(ffmpegHold)

    await until('the video to be COMPLETE', async () => (await videoRow(id)).status === 'COMPLETE')
    const healedInMs = Date.now() - killedAt
    expect(await videoRow(id)).toMatchObject({
      attempts: 2,
      error: null,
      leaseOwner: null,
      progress: 100,
      stage: 'done',
      status: 'COMPLETE',
      takeovers: 1,
    })
    // Two ladder runs in all: the killed one and the one that finished.
    expect(await ffmpegPids()).toHaveLength(2)
    // The task writes COMPLETE before Payload's runner deletes its finished job, so the job is
    // gone moments later, not at once; it must go without anyone's help, and not fail.
    await until(
      'the finished job to be deleted',
      async () => {
        const jobs = await transcodeJobs(id)
        expect(jobs.filter((job) => job.hasError)).toEqual([])
        return jobs.length === 0
      },
      10_000,
    )
    // What a player fetches is whole and plays: the master playlist and the rung it names.
    const master = await rawRequest(app.config, 'GET', `/api/video/videos/${id}/master.m3u8`)
    expect(master.status).toBe(200)
    expect(await master.text()).toContain('360p/index.m3u8')
    const rendition = await probe(path.join(videoDir, String(id), 'out', '360p', 'index.m3u8'))
    expect(rendition.streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video'])
    expect(Number(rendition.format.duration)).toBeGreaterThan(29)
    // The killed run's half-made output is gone with it.
    expect((await readdir(path.join(videoDir, String(id)))).sort()).toEqual(['out', 'source'])
    console.info(
      `video ${id}: taken over ${takenOverInMs} ms and COMPLETE ${healedInMs} ms after its worker was killed`,
    )
    // The lease (2 s) runs out, then the next takeover check (every second) and poll (every second).
    expect(takenOverInMs).toBeLessThan(15_000)
    // The tests below play the reconciler themselves: no worker may run beside them.
    second.kill('SIGKILL')
    await second.exited
  }, 240_000)
})

describe('finding: a video whose encode attempts are used up', () => {
  it('ends in ERROR with VIDEO_WORKER_LOST and its stage, told in the admin’s language, and Retry starts it again', async () => {
    const id = await uploadVideo(app.config, staff, await makeClip(scratch, 'doomed.mp4'))
    // Its third worker died mid-encode, and its job went with the worker that skipped it.
    await sql(`DELETE FROM payload_jobs WHERE input->>'videoId' = $1`, [String(id)])
    await sql(
      `UPDATE videos SET transcode_attempts = 3, transcode_takeovers = 2, transcode_stage = 'encode',
              transcode_progress = 40, transcode_lease_owner = 'worker-that-died',
              transcode_lease_until = now() - interval '1 second'
        WHERE id = $1`,
      [id],
    )
    expect(await takeOverNow()).toMatchObject({ abandoned: [String(id)], requeued: [] })
    expect(await videoRow(id)).toMatchObject({
      error: 'VIDEO_WORKER_LOST',
      leaseOwner: null,
      stage: 'encode',
      status: 'ERROR',
    })
    expect(await transcodeJobs(id)).toEqual([])
    // A second reconciler finds nothing more to do.
    expect(await takeOverNow()).toMatchObject({ abandoned: [], requeued: [] })

    const read = await staff.get(`/video/videos/${id}`)
    expect(read.body).toMatchObject({
      status: 'ERROR',
      transcode: { error: 'VIDEO_WORKER_LOST', stage: 'encode' },
    })
    const translate = (key: string, variables: Record<string, string> = {}) =>
      (en as Record<string, string>)[key]!.replace(
        /\{\{(\w+)\}\}/g,
        (_, name: string) => variables[name] ?? '',
      )
    expect(encodingFailureText(read.body.transcode, translate)).toBe(
      'Encoding failed (step: encoding the renditions): The server encoding this video stopped before finishing, on every attempt. Retry, or ask an administrator to check the video workers.',
    )

    // Staff's Retry gives it its full attempts again, with a job to run them.
    const retried = await staff.post(`/video/videos/${id}/retry`)
    expect(retried.status).toBe(200)
    expect(await videoRow(id)).toMatchObject({ error: null, status: 'PROGRESSING', takeovers: 0 })
    expect(await transcodeJobs(id)).toHaveLength(1)
  })

  it('two reconcilers racing for one stalled video queue it once', async () => {
    const id = await uploadVideo(app.config, staff, await makeClip(scratch, 'raced.mp4'))
    await sql(`DELETE FROM payload_jobs WHERE input->>'videoId' = $1`, [String(id)])
    await sql(
      `UPDATE videos SET transcode_attempts = 1, transcode_stage = 'encode',
              transcode_lease_owner = 'worker-that-died', transcode_lease_until = now() - interval '1 second'
        WHERE id = $1`,
      [id],
    )
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => takeOverNow()))
    expect(outcomes.filter((outcome) => outcome.requeued.includes(String(id)))).toHaveLength(1)
    expect(await transcodeJobs(id)).toHaveLength(1)
    expect(await videoRow(id)).toMatchObject({ leaseOwner: null, stage: 'queued', takeovers: 1 })
  })
})
