/** Messages between bench/video.ts and its app process (bench/videoApp.ts). */

import type { Rendition } from '../../src/video/lib/ladder.js'
import type { SourceProbe } from '../../src/video/lib/probe.js'

/** What the direct ffmpeg run needs to build the same arguments as the plugin's transcode task. */
export type LadderSettings = {
  audioBitrateKbps: number
  ffmpegPath: string
  ffprobePath: string
  previewSeconds: number
  renditions: Rendition[]
  segmentSeconds: number
  /** The local store's folder: `{directory}/{id}/source` is an uploaded file. */
  storageDirectory: string
}

export type AppCommand =
  /** Runs the video queue once, as a `payload jobs:run --queue video` worker does. */
  { queue: string; type: 'runQueue'; videoId: number | string } | { type: 'stop' }

export type AppReply =
  | { message: string; type: 'error' }
  | { bootMs: number; ladder: LadderSettings; port: number; queue: string; type: 'ready' }
  /**
   * `ms`: the wall time of `payload.jobs.run`; then the video as that run left it, with the probe
   * its transcode recorded (the source's, and the rungs it encoded).
   */
  | {
      error: null | string
      ms: number
      probe: ({ renditions?: string[] } & SourceProbe) | null
      status: string
      type: 'queueRun'
    }
  | { type: 'stopped' }
