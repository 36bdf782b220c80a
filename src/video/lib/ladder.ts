import type { SourceProbe } from './probe.js'

/** One rung of the ladder the integrator asks for. */
export type Rendition = { height: number; videoBitrateKbps: number }

/** A rung as encoded: its name is also its folder and the `%v` of the HLS muxer. */
export type Rung = Rendition & { name: string }

const even = (value: number) => Math.max(2, Math.floor(value / 2) * 2)

/**
 * The rungs for a source: every configured height up to the source's displayed height (no
 * upscaling: it costs bits and shows nothing more), or, for a source smaller than every rung, one
 * rung at its own height made even (H.264 in 4:2:0 needs even dimensions).
 */
export const rungsFor = (probe: SourceProbe, renditions: readonly Rendition[]): Rung[] => {
  const sorted = [...renditions].sort((a, b) => a.height - b.height)
  const fitting = sorted.filter((rendition) => rendition.height <= probe.height)
  const chosen =
    fitting.length > 0
      ? fitting
      : [{ height: even(probe.height), videoBitrateKbps: sorted[0]!.videoBitrateKbps }]
  return chosen.map((rendition) => ({ ...rendition, name: `${rendition.height}p` }))
}

/**
 * Demuxers ffmpeg may use on an uploaded file: the usual video containers. Without this list ffmpeg
 * would also read an upload as an HLS playlist or a concat list, which can name other files on the
 * server, the known way to make an ffmpeg-based converter read local files (the "ffmpeg HLS SSRF"
 * reported by Maxim Andreev, 2017). With `-protocol_whitelist file` the source can reach nothing else.
 */
const sourceDemuxers = [
  'mov',
  'mp4',
  'm4a',
  '3gp',
  '3g2',
  'mj2',
  'matroska',
  'webm',
  'avi',
  'mpegts',
  'flv',
  'mpeg',
  'ogg',
  'asf',
].join(',')

/** Options in front of every `-i` of an uploaded file, for ffprobe and ffmpeg alike. */
const sourceInputOptions = ['-protocol_whitelist', 'file', '-format_whitelist', sourceDemuxers]

export type TranscodePlan = {
  audioBitrateKbps: number
  /** Where the source is, a local path. */
  input: string
  /** The folder receiving `master.m3u8`, one folder per rung, `poster.jpg` and `preview.mp4`. */
  outputDir: string
  previewSeconds: number
  probe: SourceProbe
  rungs: Rung[]
  segmentSeconds: number
}

/**
 * One ffmpeg run for everything a video needs: the decoded picture is split once into each rung,
 * the preview and the poster, so the source is read and decoded a single time.
 *  - HLS ladder: H.264 High / AAC-LC, constant frame rate, a keyframe every 2 seconds and no
 *    scene-cut keyframes, so every rung's segments start at the same times (Apple HLS authoring
 *    specification); fMP4 segments (RFC 8216 §3.3), a VOD playlist per rung and a master playlist.
 *    Audio is mapped only when the source has some: a `var_stream_map` naming a missing audio
 *    stream fails the whole run.
 *  - `scale=-2:H` keeps the aspect ratio with an even width; ffmpeg has already turned a rotated
 *    source upright (autorotate is on by default), and `setsar=1` keeps odd sample aspect ratios
 *    from reaching the player.
 *  - poster: one JPEG at 1 s (or a tenth into a shorter clip); preview: the first seconds, silent,
 *    at the lowest rung's height, with its index in front (`+faststart`) so it starts at once.
 *  - `-progress pipe:1` writes key=value blocks to stdout, read for the progress bar.
 */
export const transcodeArguments = (plan: TranscodePlan): string[] => {
  const { probe, rungs } = plan
  const gop = String(probe.frameRate * 2)
  const lowest = rungs[0]!.height
  const posterHeight = even(Math.min(720, probe.height))
  const posterAt = Math.min(1, probe.durationSeconds / 10)
  const branches = rungs.length + 2
  const filter = [
    `[0:v]format=yuv420p,split=${branches}${Array.from({ length: branches }, (_, i) => `[s${i}]`).join('')}`,
    ...rungs.map((rung, i) => `[s${i}]scale=-2:${rung.height},setsar=1[v${i}]`),
    `[s${rungs.length}]scale=-2:${lowest},setsar=1[preview]`,
    `[s${rungs.length + 1}]scale=-2:${posterHeight},setsar=1[poster]`,
  ].join(';')
  const perRung = rungs.flatMap((rung, i) => [
    `-b:v:${i}`,
    `${rung.videoBitrateKbps}k`,
    `-maxrate:v:${i}`,
    `${Math.round(rung.videoBitrateKbps * 1.07)}k`,
    `-bufsize:v:${i}`,
    `${Math.round(rung.videoBitrateKbps * 1.5)}k`,
  ])
  const streamMap = rungs
    .map((rung, i) => `v:${i}${probe.hasAudio ? `,a:${i}` : ''},name:${rung.name}`)
    .join(' ')
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    // Global options go before the first output: ffmpeg ignores options after the last one.
    '-progress',
    'pipe:1',
    '-nostats',
    ...sourceInputOptions,
    '-i',
    `file:${plan.input}`,
    '-filter_complex',
    filter,
    // The ladder
    ...rungs.map((_, i) => ['-map', `[v${i}]`]).flat(),
    ...(probe.hasAudio ? rungs.map(() => ['-map', '0:a:0']).flat() : []),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'high',
    '-fps_mode',
    'cfr',
    '-r',
    String(probe.frameRate),
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    ...perRung,
    ...(probe.hasAudio
      ? ['-c:a', 'aac', '-b:a', `${plan.audioBitrateKbps}k`, '-ac', '2', '-ar', '48000']
      : []),
    '-f',
    'hls',
    '-hls_time',
    String(plan.segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_list_size',
    '0',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'fmp4',
    '-hls_segment_filename',
    `${plan.outputDir}/%v/seg_%05d.m4s`,
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    streamMap,
    `${plan.outputDir}/%v/index.m3u8`,
    // The preview
    '-map',
    '[preview]',
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-fps_mode',
    'cfr',
    '-r',
    String(probe.frameRate),
    '-t',
    String(plan.previewSeconds),
    '-movflags',
    '+faststart',
    `${plan.outputDir}/preview.mp4`,
    // The poster
    '-map',
    '[poster]',
    '-ss',
    posterAt.toFixed(3),
    '-frames:v',
    '1',
    '-q:v',
    '3',
    `${plan.outputDir}/poster.jpg`,
  ]
}

/** The ffprobe arguments that read a source as `readProbe` expects it. */
export const probeArguments = (input: string): string[] => [
  '-v',
  'error',
  ...sourceInputOptions,
  '-print_format',
  'json',
  '-show_format',
  '-show_streams',
  `file:${input}`,
]
