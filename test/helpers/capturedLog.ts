import { Writable } from 'node:stream'

/** One line of Payload's logger as pino wrote it: `level` 30 info, 40 warn, 50 error. */
export type LogLine = { [key: string]: unknown; level: number; msg?: string }

/**
 * A destination for Payload's `logger` option that keeps every line pino writes, parsed from its
 * JSON: what a log shipper reading the app's stdout would receive.
 */
export const capturedLog = () => {
  const lines: LogLine[] = []
  const raw: string[] = []
  let pending = ''
  const destination = new Writable({
    write(chunk, _encoding, done) {
      pending += String(chunk)
      const complete = pending.split('\n')
      pending = complete.pop() ?? ''
      for (const line of complete.filter(Boolean)) {
        raw.push(line)
        lines.push(JSON.parse(line) as LogLine)
      }
      done()
    },
  })
  return {
    /** Payload's `logger` option: pino at info, writing here. */
    logger: { destination, options: { level: 'info' } },
    lines,
    raw,
  }
}
