/**
 * Reads ffmpeg's `-progress` output: blocks of `key=value` lines, each ending with
 * `progress=continue` or `progress=end`. Answers the fraction done from `out_time_us` (microseconds
 * written so far) over the source's duration, or null for a block that says nothing usable:
 * `out_time_us` is `N/A` before the first frame and can be negative with some inputs.
 */
export const progressFraction = (block: Record<string, string>, durationSeconds: number) => {
  if (block.progress === 'end') {
    return 1
  }
  const written = Number(block.out_time_us)
  if (!Number.isFinite(written) || written < 0 || !(durationSeconds > 0)) {
    return null
  }
  return Math.min(1, written / 1_000_000 / durationSeconds)
}

/** Splits ffmpeg's progress stream into blocks, handing each finished block to `onBlock`. */
export const progressReader = (onBlock: (block: Record<string, string>) => void) => {
  let pending = ''
  let block: Record<string, string> = {}
  return (chunk: string) => {
    pending += chunk
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) {
      const separator = line.indexOf('=')
      if (separator <= 0) {
        continue
      }
      const key = line.slice(0, separator).trim()
      block[key] = line.slice(separator + 1).trim()
      if (key === 'progress') {
        onBlock(block)
        block = {}
      }
    }
  }
}
