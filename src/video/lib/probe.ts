/** What the transcode needs to know about a source, read from `ffprobe -print_format json`. */
export type SourceProbe = {
  /** Seconds; from the container, else the video stream, else 0 when neither knows. */
  durationSeconds: number
  /** Frames per second the ladder is encoded at (see `ladderFrameRate`). */
  frameRate: number
  hasAudio: boolean
  /** Height as displayed, after the rotation is applied. */
  height: number
  /** Degrees the player must turn the coded picture (display matrix side data, or the old `rotate` tag). */
  rotation: number
  videoCodec: string
  /** Width as displayed, after the rotation is applied. */
  width: number
}

type ProbeStream = {
  avg_frame_rate?: string
  codec_name?: string
  codec_type?: string
  duration?: string
  height?: number
  r_frame_rate?: string
  side_data_list?: { rotation?: number; side_data_type?: string }[]
  tags?: { rotate?: string }
  width?: number
}

const rate = (fraction: string | undefined): number => {
  const [numerator, denominator] = (fraction ?? '').split('/').map(Number)
  return numerator && denominator ? numerator / denominator : 0
}

/**
 * The ladder's frame rate: the source's average rate (a variable-frame-rate phone clip reports its
 * mean in `avg_frame_rate`; `r_frame_rate` is a guess of the base rate and can be 90000), rounded,
 * at most 30. Encoding at a constant rate (`-fps_mode cfr`) makes every rendition's keyframes fall
 * at the same times, which ABR switching needs (Apple's HLS authoring specification, 1.x: "Key
 * frames SHOULD be present every 2 seconds"; segments must start with one).
 */
const ladderFrameRate = (stream: ProbeStream): number => {
  const measured = rate(stream.avg_frame_rate) || rate(stream.r_frame_rate)
  return measured > 0 && measured <= 240 ? Math.max(1, Math.min(30, Math.round(measured))) : 30
}

/** The probe of a source with a picture, or null when ffprobe found no video stream in it. */
export const readProbe = (json: unknown): null | SourceProbe => {
  const { format, streams = [] } = (json ?? {}) as {
    format?: { duration?: string }
    streams?: ProbeStream[]
  }
  const video = streams.find((stream) => stream.codec_type === 'video')
  if (!video?.width || !video.height) {
    return null
  }
  const matrix = video.side_data_list?.find((data) => data.side_data_type === 'Display Matrix')
  const rotation = Number(matrix?.rotation ?? video.tags?.rotate ?? 0) || 0
  const sideways = Math.abs(rotation) % 180 === 90
  const duration = Number(format?.duration) || Number(video.duration) || 0
  return {
    durationSeconds: duration > 0 ? duration : 0,
    frameRate: ladderFrameRate(video),
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
    height: sideways ? video.width : video.height,
    rotation,
    videoCodec: video.codec_name ?? 'unknown',
    width: sideways ? video.height : video.width,
  }
}
