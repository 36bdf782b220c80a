import { open } from 'node:fs/promises'

export type Received =
  /** The stream ended with exactly `expected` bytes, or with `bytes` of at most `atMost`. */
  | { bytes: number; kind: 'complete' }
  /** The client's stream failed midway (a dropped connection); what arrived before is in the file. */
  | { kind: 'interrupted' }
  /** More bytes than `atMost` arrived; the stream was cancelled there. */
  | { kind: 'tooLarge' }
  /** The stream ended, or went on, with another count than announced. */
  | { kind: 'wrongSize' }

/**
 * Bytes gathered before one write: the body arrives in pieces of a few tens of kilobytes, and one
 * awaited write per piece left the upload waiting on the disk most of the time (`npm run
 * bench:video` measured a quarter of a plain copy's throughput).
 */
const batchBytes = 1024 * 1024

/**
 * Streams a request body into a file, never holding more than two batches in memory (one being
 * written, one being gathered), counting the bytes and stopping as soon as more arrive than
 * announced. The next batch is read while the previous one is written. When the connection drops,
 * every byte that arrived is written before this returns, so a resumed upload continues right after
 * it. `flags` is `w` for a whole file, `a` for a chunk appended to it. `expected` is the exact
 * count announced; without it (a PUT whose size nobody announced) any count up to `atMost` will do.
 */
export const receiveBytes = async (
  body: null | ReadableStream<Uint8Array> | undefined,
  file: string,
  { atMost, expected, flags }: { atMost?: number; expected?: number; flags: 'a' | 'w' },
): Promise<Received> => {
  const limit = expected ?? atMost ?? 0
  const handle = await open(file, flags)
  let written = 0
  // Writes run one after another, in order; a failed write (a full disk) ends the upload.
  let writing: Promise<unknown> = Promise.resolve()
  let batch: Uint8Array[] = []
  let batchLength = 0
  const flush = () => {
    if (batchLength === 0) {
      return
    }
    const data = Buffer.concat(batch, batchLength)
    batch = []
    batchLength = 0
    writing = writing.then(() => handle.write(data))
  }
  try {
    // Read with the stream's own reader: a Node stream made from it drops chunks it buffered
    // when the source fails, and those bytes did arrive.
    const reader = body?.getReader()
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>
      try {
        next = reader ? await reader.read() : { done: true, value: undefined }
      } catch {
        flush()
        await writing
        return { kind: 'interrupted' }
      }
      if (next.done) {
        break
      }
      if (written + next.value.length > limit) {
        await reader?.cancel()
        return { kind: expected === undefined ? 'tooLarge' : 'wrongSize' }
      }
      batch.push(next.value)
      batchLength += next.value.length
      written += next.value.length
      if (batchLength >= batchBytes) {
        // At most one write in flight: wait for it before handing it the next batch.
        await writing
        flush()
      }
    }
    flush()
    await writing
  } catch {
    // A write that failed: the upload stops here, and what was written stays for a resume.
    return { kind: 'interrupted' }
  } finally {
    // Whatever was handed to the disk is written (or failed) before the file is closed.
    await writing.catch(() => undefined)
    await handle.close()
  }
  return expected === undefined || written === expected
    ? { bytes: written, kind: 'complete' }
    : { kind: 'wrongSize' }
}
