/** Summary figures of a series of timings, in milliseconds. */
export type Summary = {
  count: number
  max: number
  mean: number
  median: number
  min: number
  p95: number
}

/**
 * Nearest-rank percentile: always one of the measured values, so a p95 of 200 samples is the 190th
 * slowest measurement rather than an interpolation between two.
 */
const percentile = (sorted: readonly number[], fraction: number): number => {
  if (sorted.length === 0) {
    return Number.NaN
  }
  const rank = Math.max(1, Math.ceil(fraction * sorted.length))
  return sorted[rank - 1]!
}

export const summarize = (values: readonly number[]): Summary => {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    count: sorted.length,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean: sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length),
    median: percentile(sorted, 0.5),
    min: sorted[0] ?? Number.NaN,
    p95: percentile(sorted, 0.95),
  }
}

export const ms = (value: number, digits = 1): string => `${value.toFixed(digits)} ms`

/** A plain-text table: the first row is the header, columns after the first are right-aligned. */
export const table = (rows: readonly (readonly string[])[]): string => {
  const widths = rows[0]!.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
  return [
    line(rows[0]!),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.slice(1).map(line),
  ].join('\n')
}
