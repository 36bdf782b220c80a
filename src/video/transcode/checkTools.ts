import type { Payload } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

import { runProcess } from './runProcess.js'

export type ToolsCheck = { available: boolean; problems: string[] }

/**
 * Whether ffmpeg and ffprobe run, and whether this ffmpeg has what the ladder needs: the libx264 and
 * aac encoders and the HLS muxer. Debian's `ffmpeg` package has all of them; a minimal build may not.
 */
const checkTools = async (
  options: Pick<SanitizedVideoOptions, 'ffmpegPath' | 'ffprobePath'>,
): Promise<ToolsCheck> => {
  const problems: string[] = []
  const probe = await runProcess(options.ffprobePath, ['-version'])
  if (probe.code !== 0) {
    problems.push(
      `ffprobe ("${options.ffprobePath}") does not run: ${probe.errorText || 'no output'}`,
    )
  }
  const encoders = await runProcess(options.ffmpegPath, ['-hide_banner', '-encoders'])
  if (encoders.code !== 0) {
    problems.push(
      `ffmpeg ("${options.ffmpegPath}") does not run: ${encoders.errorText || 'no output'}`,
    )
  } else {
    for (const encoder of ['libx264', 'aac']) {
      if (!new RegExp(`\\s${encoder}\\s`).test(encoders.stdout)) {
        problems.push(`ffmpeg ("${options.ffmpegPath}") has no ${encoder} encoder`)
      }
    }
    const muxers = await runProcess(options.ffmpegPath, ['-hide_banner', '-muxers'])
    if (!/\shls\s/.test(muxers.stdout)) {
      problems.push(`ffmpeg ("${options.ffmpegPath}") has no HLS muxer`)
    }
  }
  return { available: problems.length === 0, problems }
}

/** The start-up check's answer, per Payload instance, for the status endpoint. */
const checks = new WeakMap<Payload, Promise<ToolsCheck>>()

/**
 * Checks the tools once when Payload starts and logs a clear message when they are missing: without
 * them uploads still arrive, and every transcode ends in ERROR saying why.
 */
export const checkToolsAtStart = (payload: Payload, options: SanitizedVideoOptions): void => {
  const check = checkTools(options).then((result) => {
    if (!result.available) {
      payload.logger.error(
        `payload-backoffice video: videos cannot be encoded until this is fixed: ${result.problems.join('; ')}. ` +
          'Install ffmpeg (Debian/Ubuntu: `apt-get install ffmpeg`) or set the plugin options `ffmpegPath` and `ffprobePath`.',
      )
    }
    return result
  })
  checks.set(payload, check)
}

export const toolsCheckOf = (payload: Payload, options: SanitizedVideoOptions) =>
  checks.get(payload) ?? checkTools(options)
