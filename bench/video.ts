/**
 * `npm run bench:video`: the self-hosted video plugin next to the least the same work can cost, in
 * one run (issue 15's "Done when").
 *
 * - Transcode: the wall time of a 60 s 1920x1080 clip (ffmpeg's lavfi `testsrc2` and `sine`, made
 *   once) going through the plugin, that is `payload.jobs.run` of the video queue in the app process
 *   running the real transcode task (lease, ffprobe, ffmpeg, progress writes, data.json, the rename
 *   into place, COMPLETE), next to the same ffmpeg command alone: the arguments `transcodeArguments`
 *   builds for that source (checked against the probe the plugin recorded), run with the same
 *   ffmpeg on the same source file, ffprobe untimed. Goal: plugin / ffmpeg at most 1.10.
 * - Upload: the throughput of a 2 GiB file sent over loopback HTTP to the plugin's signed URL (local
 *   store), whole and in `Content-Range` chunks as the admin's upload sends a large file, next to a
 *   plain copy: a minimal node:http server streaming the body to a file (bench/videoCopyServer.ts).
 *   Goal: plugin / copy at least 0.8. Each server runs in a process of its own, the client here.
 * - Memory: the app process's peak resident set (VmHWM, reset just before, and VmRSS sampled every
 *   100 ms, from /proc) during each plugin upload, above its resident set just before it. Goal: less
 *   than 200 MB (200,000,000 bytes, 190.7 MiB) above that.
 *
 * The app (bench/videoApp.ts) is the dev app's Payload with the video plugin, `autoRun` off, on an
 * embedded PostgreSQL, behind a plain Node HTTP server handing requests, bodies streamed, to the
 * REST route handlers Next mounts at /api.
 *
 * Flags: `--clip-seconds N` (default 60), `--upload-mb N` (MiB, default 2048), `--chunk-mb N`
 * (MiB per `Content-Range` chunk, default 64), `--transcode-rounds N` (default 1; each round
 * uploads the clip again and runs both sides, their order alternating).
 * A quick run: `npm run bench:video -- --clip-seconds 3 --upload-mb 64 --chunk-mb 16`.
 */
import { type ChildProcess, fork, spawnSync } from 'node:child_process'
import { randomBytes, randomFillSync } from 'node:crypto'
import {
  createReadStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { open, readdir, rm, stat } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'

import type { AppCommand, AppReply, LadderSettings } from './lib/videoProtocol.js'

import { probeArguments, rungsFor, transcodeArguments } from '../src/video/lib/ladder.js'
import { readProbe, type SourceProbe } from '../src/video/lib/probe.js'
import { runProcess } from '../src/video/transcode/runProcess.js'
import { startTemporaryPostgres } from '../test/helpers/temporaryPostgres.js'
import { makeClip } from '../test/helpers/video.js'
import { countFlag } from './lib/flags.js'
import { ms, summarize, table } from './lib/stats.js'

const TRANSCODE_GOAL = 1.1
const UPLOAD_GOAL = 0.8
/** 200 MB, in bytes: decimal megabytes, the stricter reading of the "200 MB". */
const MEMORY_GOAL_BYTES = 200_000_000
const MiB = 1024 * 1024

const CLIP_SECONDS = countFlag('--clip-seconds', 60)
const UPLOAD_MB = countFlag('--upload-mb', 2048)
const CHUNK_MB = countFlag('--chunk-mb', 64)
const TRANSCODE_ROUNDS = countFlag('--transcode-rounds', 1)
const CLIP_SIZE = '1920x1080'

const benchDir = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.resolve(benchDir, '..')
const serverUrl = 'http://localhost:3000'

/** The load `uptime` shows (1, 5, 15 minutes): the figures are only as quiet as the machine. */
const load = (): string =>
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`

const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`
const mb = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`
const throughput = (bytes: number, milliseconds: number) => bytes / MiB / (milliseconds / 1000)
const verdict = (met: boolean) => (met ? 'goal met' : 'goal missed')

/** Output of a child process, the last 200 lines, shown when it fails. */
const keepOutput = (child: ChildProcess): string[] => {
  const output: string[] = []
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n'))
    output.splice(0, Math.max(0, output.length - 200))
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  return output
}

/** The app process and a way to send it one command at a time and await its answer. */
class AppProcess {
  private readonly output: string[]
  private pending:
    { reject: (error: Error) => void; resolve: (reply: AppReply) => void } | undefined
  private readonly child: ChildProcess
  private exited = false

  constructor(env: Record<string, string>) {
    this.child = fork(path.join(benchDir, 'videoApp.ts'), [], {
      cwd: repoRoot,
      env: { ...process.env, ...env, DISABLE_PAYLOAD_HMR: 'true' },
      execArgv: ['--import', 'tsx'],
      // Payload's start-up and schema-push chatter would drown the figures: kept, shown on failure.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    })
    this.output = keepOutput(this.child)
    this.child.on('message', (reply: AppReply) => {
      const pending = this.pending
      this.pending = undefined
      if (reply.type === 'error') {
        pending?.reject(new Error(`app: ${reply.message}`))
      } else {
        pending?.resolve(reply)
      }
    })
    this.child.on('exit', (code, signal) => {
      this.exited = true
      this.pending?.reject(new Error(`app exited (${signal ?? code}):\n${this.output.join('\n')}`))
      this.pending = undefined
    })
  }

  /** The node process itself (fork runs node directly): its /proc entry is the app's memory. */
  get pid(): number {
    return this.child.pid!
  }

  next(): Promise<AppReply> {
    return new Promise((resolve, reject) => {
      this.pending = { reject, resolve }
    })
  }

  send(command: AppCommand): Promise<AppReply> {
    const answer = this.next()
    this.child.send(command)
    return answer
  }

  async stop(): Promise<void> {
    if (this.exited) {
      return
    }
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()))
    await Promise.race([this.send({ type: 'stop' }).catch(() => undefined), exited])
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
    if (!this.exited) {
      this.child.kill('SIGKILL')
      await exited
    }
  }
}

/** The plain-copy server (bench/videoCopyServer.ts), its pid and origin. */
const startCopyServer = async (directory: string) => {
  const child = fork(path.join(benchDir, 'videoCopyServer.ts'), [], {
    cwd: repoRoot,
    env: { ...process.env, BENCH_COPY_DIR: directory },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  const output = keepOutput(child)
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port))
    child.once('exit', (code) =>
      reject(new Error(`copy server exited (${code}):\n${output.join('\n')}`)),
    )
  })
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
    },
  }
}

// --- Memory, from /proc: VmRSS is the resident set now, VmHWM its peak since the last reset.
const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const bytes = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024
  return { peak: bytes('VmHWM'), rss: bytes('VmRSS') }
}

/**
 * The peak resident set of a process from now until `stop()`: its VmHWM, reset here (writing 5 to
 * clear_refs, Linux 4.0+) so the start-up's peak does not count, and VmRSS sampled every 100 ms, in
 * case the reset is not allowed. `idle` is the resident set at the start.
 */
const watchMemory = (pid: number) => {
  let reset = true
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
  } catch {
    reset = false
  }
  const idle = memoryOf(pid).rss
  let sampled = idle
  const timer = setInterval(() => {
    sampled = Math.max(sampled, memoryOf(pid).rss)
  }, 100)
  return {
    stop: () => {
      clearInterval(timer)
      const now = memoryOf(pid)
      sampled = Math.max(sampled, now.rss)
      return { idle, peak: reset ? Math.max(now.peak, sampled) : sampled, reset, sampled }
    },
  }
}

// --- HTTP, as the admin's page sends it: JSON calls with the staff cookie, the file by plain PUTs.
const cookies = new Map<string, string>()
let appOrigin = ''

const api = async <T>(method: string, apiPath: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${appOrigin}/api${apiPath}`, {
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      origin: serverUrl,
      'sec-fetch-site': 'same-origin',
    },
    method,
  })
  for (const cookie of response.headers.getSetCookie()) {
    const [name, ...value] = cookie.split(';')[0]!.split('=')
    cookies.set(name!.trim(), value.join('='))
  }
  const text = await response.text()
  if (!response.ok) {
    throw new Error(`${method} /api${apiPath} answered ${response.status}: ${text}`)
  }
  return JSON.parse(text) as T
}

/**
 * One PUT of `length` bytes of `file` from `start`, streamed from disk, on a new connection; answers
 * the status and body once the server's answer has fully arrived.
 */
const put = (
  url: string,
  file: string,
  {
    headers = {},
    length,
    start = 0,
  }: { headers?: Record<string, string>; length: number; start?: number },
) =>
  new Promise<{ body: string; status: number }>((resolve, reject) => {
    const request = http.request(
      url,
      {
        agent: false,
        headers: { ...headers, 'content-length': String(length) },
        method: 'PUT',
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve({ body, status: response.statusCode ?? 0 }))
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    const source = createReadStream(file, {
      end: start + length - 1,
      highWaterMark: MiB,
      start,
    })
    pipeline(source, request).catch(reject)
  })

type Upload = { signedUrl: string; videoId: number | string }

/** The admin's upload request: the video, NO_FILE, and the URL its file goes to. */
const createUpload = async (title: string, size: number): Promise<Upload> => {
  const created = await api<Upload>('PUT', '/video/videos/upload', {
    extension: 'mp4',
    mimeType: 'video/mp4',
    size,
    title,
    visibility: 'public',
  })
  // The signed URL names the configured server URL; the app here listens elsewhere on loopback.
  const signed = new URL(created.signedUrl)
  return { ...created, signedUrl: `${appOrigin}${signed.pathname}${signed.search}` }
}

const expectStatus = (what: string, answer: { body: string; status: number }, status: number) => {
  if (answer.status !== status) {
    throw new Error(`${what} answered ${answer.status}, expected ${status}: ${answer.body}`)
  }
}

/** The whole file in one PUT to the signed URL. */
const uploadWhole = async (upload: Upload, file: string, size: number) =>
  expectStatus(
    'the signed URL',
    await put(upload.signedUrl, file, { headers: { 'content-type': 'video/mp4' }, length: size }),
    200,
  )

/** The file in `Content-Range` chunks of `chunk` bytes, each answered 308 until the last, 200. */
const uploadChunks = async (upload: Upload, file: string, size: number, chunk: number) => {
  for (let first = 0; first < size; first += chunk) {
    const last = Math.min(size, first + chunk) - 1
    expectStatus(
      `the chunk ${first}-${last}`,
      await put(upload.signedUrl, file, {
        headers: { 'content-range': `bytes ${first}-${last}/${size}`, 'content-type': 'video/mp4' },
        length: last - first + 1,
        start: first,
      }),
      last + 1 === size ? 200 : 308,
    )
  }
}

/** Deleting the video removes its files (and cancels its job): the disk is freed for the next. */
const deleteVideo = (videoId: number | string) => api('DELETE', `/videos/${videoId}`)

/** A file of random bytes, written in 8 MiB blocks. */
const writeRandomFile = async (file: string, size: number) => {
  const handle = await open(file, 'w')
  try {
    const block = Buffer.alloc(8 * MiB)
    for (let written = 0; written < size; written += block.length) {
      randomFillSync(block)
      await handle.write(block, 0, Math.min(block.length, size - written))
    }
  } finally {
    await handle.close()
  }
}

/** Every file under a folder, relative to it, sorted. */
const filesUnder = async (folder: string): Promise<string[]> =>
  (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort()

/** Writes dirty pages out, so one measured upload does not pay for the previous one's writeback. */
const settleDisk = () => spawnSync('sync')

// --- Clean-up: on the way out, and on Ctrl-C or a kill, whatever was started goes.
const scratch = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-video-'))
const aborter = new AbortController()
let app: AppProcess | undefined
let copyServer: Awaited<ReturnType<typeof startCopyServer>> | undefined
let database: Awaited<ReturnType<typeof startTemporaryPostgres>> | undefined
let cleaning: Promise<void> | undefined
const cleanUp = () =>
  (cleaning ??= (async () => {
    aborter.abort()
    await app?.stop().catch(() => undefined)
    await copyServer?.stop().catch(() => undefined)
    await database?.stop().catch(() => undefined)
    rmSync(scratch, { force: true, recursive: true })
  })())
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping and cleaning up…`)
    void cleanUp().finally(() => process.exit(130))
  })
}

let failed = false
try {
  const started = performance.now()
  const cpus = os.cpus()
  console.log(
    `bench:video — Node ${process.version}, ${cpus.length} CPU(s) (${cpus[0]?.model ?? 'unknown'})`,
  )
  console.log(`At the start: ${load()} (1, 5, 15 min, as uptime shows it)`)

  const videoDir = path.join(scratch, 'video')
  const copyDir = path.join(scratch, 'copy')
  const directDir = path.join(scratch, 'direct')
  for (const folder of [videoDir, copyDir, path.join(scratch, 'media')]) {
    mkdirSync(folder, { recursive: true })
  }

  database = await startTemporaryPostgres('backoffice-bench-video-pg-')
  const env = {
    DATABASE_URL: await database.createDatabase('bench_video'),
    MEDIA_DIR: path.join(scratch, 'media'),
    PAYLOAD_SECRET: randomBytes(32).toString('hex'),
    SERVER_URL: serverUrl,
    VIDEO_DIR: videoDir,
  }
  // Untimed preparation, side by side: the app's start (schema push included), the copy server,
  // the clip and the upload file.
  const uploadFile = path.join(scratch, 'upload.bin')
  const uploadBytes = UPLOAD_MB * MiB
  const chunkBytes = CHUNK_MB * MiB
  app = new AppProcess(env)
  const [ready, copy, clip] = await Promise.all([
    app.next(),
    startCopyServer(copyDir),
    makeClip(scratch, 'clip.mp4', { seconds: CLIP_SECONDS, size: CLIP_SIZE }),
    writeRandomFile(uploadFile, uploadBytes),
  ])
  copyServer = copy
  if (ready.type !== 'ready') {
    throw new Error(`the app answered ${ready.type}`)
  }
  appOrigin = `http://127.0.0.1:${ready.port}`
  const ladder: LadderSettings = ready.ladder
  const clipBytes = (await stat(clip)).size
  console.log(
    `Prepared in ${seconds(performance.now() - started)}: PostgreSQL, the app (Payload started in ` +
      `${ms(ready.bootMs, 0)}), the copy server, a ${CLIP_SECONDS} s ${CLIP_SIZE} clip ` +
      `(${mb(clipBytes)}) and a ${mb(uploadBytes)} file of random bytes`,
  )
  // The ffmpeg the plugin runs (its `ffmpegPath`), which the baseline runs too.
  const version = spawnSync(ladder.ffmpegPath, ['-version'], { encoding: 'utf8' })
  console.log(version.stdout.split('\n')[0])

  // The first account becomes the administrator (dev/collections/Users.ts): staff, who may upload.
  await api('POST', '/users/first-register', {
    email: 'video-admin@bench.example',
    password: randomBytes(18).toString('base64url'),
  })

  // --- Transcode. First a second-long clip through the plugin, untimed: the app's first job run
  // (JIT, first use of the jobs code) is not what an encoding costs on a running app.
  const warmClip = await makeClip(scratch, 'warm.mp4', { seconds: 1 })
  const warmClipBytes = (await stat(warmClip)).size
  const warmVideo = await createUpload('Warm-up clip', warmClipBytes)
  await uploadWhole(warmVideo, warmClip, warmClipBytes)
  const warmRun = await app.send({
    queue: ready.queue,
    type: 'runQueue',
    videoId: warmVideo.videoId,
  })
  if (warmRun.type !== 'queueRun' || warmRun.status !== 'COMPLETE') {
    throw new Error(`the warm-up transcode did not complete: ${JSON.stringify(warmRun)}`)
  }
  await deleteVideo(warmVideo.videoId)

  const transcodes: { direct: number[]; plugin: number[] } = { direct: [], plugin: [] }
  const checks: string[] = []
  let rungNames: string[] = []
  for (let round = 0; round < TRANSCODE_ROUNDS; round++) {
    const upload = await createUpload(`Benchmark clip ${round + 1}`, clipBytes)
    await uploadWhole(upload, clip, clipBytes)
    const source = path.join(ladder.storageDirectory, String(upload.videoId), 'source')

    // The arguments the task builds, from the same probe of the same file (the task probes too).
    const probed = await runProcess(ladder.ffprobePath, probeArguments(source))
    const probe = probed.code === 0 ? readProbe(JSON.parse(probed.stdout)) : null
    if (!probe) {
      throw new Error(`ffprobe could not read the clip: ${probed.errorText}`)
    }
    const rungs = rungsFor(probe, ladder.renditions)
    rungNames = rungs.map((rung) => rung.name)
    const argumentsFor = (sourceProbe: SourceProbe, outputDir: string) =>
      transcodeArguments({
        audioBitrateKbps: ladder.audioBitrateKbps,
        input: source,
        outputDir,
        previewSeconds: ladder.previewSeconds,
        probe: sourceProbe,
        rungs: rungsFor(sourceProbe, ladder.renditions),
        segmentSeconds: ladder.segmentSeconds,
      })

    const runDirect = async () => {
      await rm(directDir, { force: true, recursive: true })
      mkdirSync(directDir, { recursive: true })
      const begun = performance.now()
      const result = await runProcess(ladder.ffmpegPath, argumentsFor(probe, directDir), {
        // The plugin reads the progress on stdout; here it is only drained.
        onStdout: () => undefined,
        signal: aborter.signal,
      })
      const elapsed = performance.now() - begun
      if (result.code !== 0) {
        throw new Error(`ffmpeg alone exited with ${result.code}: ${result.errorText}`)
      }
      transcodes.direct.push(elapsed)
    }
    const runPlugin = async () => {
      const answer = await app!.send({
        queue: ready.queue,
        type: 'runQueue',
        videoId: upload.videoId,
      })
      if (answer.type !== 'queueRun') {
        throw new Error(`the app answered ${answer.type}`)
      }
      if (answer.status !== 'COMPLETE') {
        throw new Error(`the plugin's transcode ended ${answer.status}: ${answer.error}`)
      }
      transcodes.plugin.push(answer.ms)
      // Was it the same command? The probe the task recorded gives the same arguments.
      const recorded = answer.probe
      const same =
        recorded !== null &&
        JSON.stringify(argumentsFor(recorded, directDir)) ===
          JSON.stringify(argumentsFor(probe, directDir))
      checks.push(
        `same arguments as ffmpeg alone (rebuilt from the probe the task recorded, output folder aside): ${same ? 'yes' : 'NO'}`,
      )
    }
    const order = round % 2 === 0 ? [runDirect, runPlugin] : [runPlugin, runDirect]
    for (const run of order) {
      settleDisk()
      await run()
    }
    const pluginFiles = (
      await filesUnder(path.join(ladder.storageDirectory, String(upload.videoId), 'out'))
    ).filter((file) => file !== 'data.json')
    const directFiles = await filesUnder(directDir)
    checks.push(
      `same files written (${directFiles.length}; the plugin's data.json aside): ` +
        (JSON.stringify(pluginFiles) === JSON.stringify(directFiles) ? 'yes' : 'NO'),
    )
    await deleteVideo(upload.videoId)
    await rm(directDir, { force: true, recursive: true })
  }

  // --- Upload. A small file first, through every path, untimed: JIT, connections, first use.
  const warmFile = path.join(scratch, 'warm.bin')
  const warmBytes = 4 * MiB
  await writeRandomFile(warmFile, warmBytes)
  expectStatus('the copy server', await put(copy.origin, warmFile, { length: warmBytes }), 200)
  for (const whole of [true, false]) {
    const upload = await createUpload('Warm-up', warmBytes)
    await (whole
      ? uploadWhole(upload, warmFile, warmBytes)
      : uploadChunks(upload, warmFile, warmBytes, MiB))
    await deleteVideo(upload.videoId)
  }
  await rm(copyDir, { force: true, recursive: true })
  mkdirSync(copyDir)

  type UploadRun = { idle: number; ms: number; peak: number; reset: boolean; sampled: number }
  const timedUpload = async (pid: number, send: () => Promise<void>): Promise<UploadRun> => {
    settleDisk()
    const memory = watchMemory(pid)
    const begun = performance.now()
    await send()
    const elapsed = performance.now() - begun
    return { ...memory.stop(), ms: elapsed }
  }
  const copyRun = await timedUpload(copy.pid, async () =>
    expectStatus(
      'the copy server',
      await put(copy.origin, uploadFile, { length: uploadBytes }),
      200,
    ),
  )
  await rm(copyDir, { force: true, recursive: true })
  mkdirSync(copyDir)
  const pluginRun = async (whole: boolean) => {
    const upload = await createUpload(
      whole ? 'Large upload, whole' : 'Large upload, chunks',
      uploadBytes,
    )
    const run = await timedUpload(app!.pid, () =>
      whole
        ? uploadWhole(upload, uploadFile, uploadBytes)
        : uploadChunks(upload, uploadFile, uploadBytes, chunkBytes),
    )
    const received = await stat(
      path.join(ladder.storageDirectory, String(upload.videoId), 'source'),
    )
    if (received.size !== uploadBytes) {
      throw new Error(`the plugin stored ${received.size} bytes of ${uploadBytes}`)
    }
    await deleteVideo(upload.videoId)
    return run
  }
  const wholeRun = await pluginRun(true)
  const chunkRun = await pluginRun(false)

  // --- Figures.
  const direct = summarize(transcodes.direct)
  const plugin = summarize(transcodes.plugin)
  const transcodeRatio = plugin.median / direct.median
  console.log(
    `\nTranscode of the ${CLIP_SECONDS} s ${CLIP_SIZE} clip into ${rungNames.join(', ')}, poster and preview ` +
      `(${TRANSCODE_ROUNDS} round(s), order alternating, ${TRANSCODE_ROUNDS > 1 ? 'medians' : 'one run each'}):`,
  )
  console.log(
    table([
      ['', 'wall time', 'realtime factor'],
      [
        'ffmpeg alone, same arguments (baseline)',
        seconds(direct.median),
        `${(CLIP_SECONDS / (direct.median / 1000)).toFixed(2)}×`,
      ],
      [
        'through the plugin: jobs.run of the transcode task',
        seconds(plugin.median),
        `${(CLIP_SECONDS / (plugin.median / 1000)).toFixed(2)}×`,
      ],
    ]),
  )
  for (const check of new Set(checks)) {
    console.log(`Check: ${check}`)
  }
  console.log(
    `plugin / ffmpeg alone: ${transcodeRatio.toFixed(3)} (goal ≤ ${TRANSCODE_GOAL.toFixed(2)}): ${verdict(transcodeRatio <= TRANSCODE_GOAL)}; ` +
      `plugin − ffmpeg alone: ${seconds(plugin.median - direct.median)}`,
  )

  const rate = (run: UploadRun) => throughput(uploadBytes, run.ms)
  const overIdle = (run: UploadRun) => run.peak - run.idle
  console.log(
    `\nUpload of ${mb(uploadBytes)} over loopback HTTP, streamed from a file, one connection per request ` +
      `(memory: the receiving process's, from /proc):`,
  )
  console.log(
    table([
      ['', 'time', 'throughput', 'ratio', 'idle RSS', 'peak RSS', 'peak over idle'],
      ...(
        [
          ['plain copy: node:http, body piped to a file (baseline)', copyRun],
          ['plugin, signed URL, whole file in one PUT', wholeRun],
          [`plugin, signed URL, ${CHUNK_MB} MiB Content-Range chunks`, chunkRun],
        ] as const
      ).map(([label, run]) => [
        label,
        seconds(run.ms),
        `${rate(run).toFixed(1)} MiB/s`,
        (rate(run) / rate(copyRun)).toFixed(3),
        mb(run.idle),
        mb(run.peak),
        mb(overIdle(run)),
      ]),
    ]),
  )
  for (const [label, run] of [
    ['whole', wholeRun],
    ['chunks', chunkRun],
  ] as const) {
    const ratio = rate(run) / rate(copyRun)
    console.log(
      `plugin (${label}) / plain copy, throughput: ${ratio.toFixed(3)} (goal ≥ ${UPLOAD_GOAL}): ${verdict(ratio >= UPLOAD_GOAL)}; ` +
        `app peak over idle: ${mb(overIdle(run))} (goal < 200 MB = ${mb(MEMORY_GOAL_BYTES)}): ${verdict(overIdle(run) < MEMORY_GOAL_BYTES)}`,
    )
  }
  if (![copyRun, wholeRun, chunkRun].every((run) => run.reset)) {
    console.log('(VmHWM could not be reset here: the peaks are VmRSS sampled every 100 ms.)')
  }
  console.log(`\nAt the end: ${load()}. Total run time: ${seconds(performance.now() - started)}.`)
} catch (error) {
  failed = true
  console.error(error)
} finally {
  await cleanUp()
}
// Nothing else should be left running, but an embedded PostgreSQL handle must not keep us waiting.
process.exit(failed ? 1 : 0)
