/**
 * Chunks of a resumable upload to the plugin's signed URL: each `Content-Range: bytes first-last/
 * total`, small enough to finish well inside the 5 minutes `next start` gives one request
 * (vercel/next.js#74992), and under a reverse proxy's usual body limit.
 */
export const uploadChunkBytes = 8 * 1024 * 1024

/** The next chunk from `offset`, or null when the whole file has been sent. */
export const nextChunk = (
  offset: number,
  total: number,
  chunkBytes = uploadChunkBytes,
): null | { contentRange: string; end: number; start: number } => {
  if (offset >= total) {
    return null
  }
  const end = Math.min(total, offset + chunkBytes)
  return { contentRange: `bytes ${offset}-${end - 1}/${total}`, end, start: offset }
}

/** The `Content-Range` that asks the server how many bytes it holds (`bytes *\/total`). */
export const statusRange = (total: number): string => `bytes */${total}`

/**
 * The bytes the server holds, from the `Range: bytes=0-{last}` header of its 308 or refusal
 * (Google's resumable-upload protocol): none without the header.
 */
export const receivedFromRange = (header: null | string): number => {
  const match = /^bytes=0-(\d{1,16})$/.exec(header?.trim() ?? '')
  return match ? Number(match[1]) + 1 : 0
}

/** The whole-number percent of an upload: `sent` of `total` bytes. */
export const uploadPercent = (sent: number, total: number): number =>
  total <= 0 ? 0 : Math.max(0, Math.min(100, Math.floor((sent / total) * 100)))
