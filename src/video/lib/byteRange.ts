/**
 * The one byte range a player asks for with `Range: bytes=a-b`, `bytes=a-` or `bytes=-n` (RFC 9110
 * §14.1.2), resolved against the file's size. `null` when there is no usable header (serve the whole
 * file, as RFC 9110 §14.2 allows for ranges a server does not support, such as several at once);
 * `'unsatisfiable'` when the range starts past the end (416).
 */
export const resolveByteRange = (
  header: null | string,
  size: number,
): 'unsatisfiable' | null | { end: number; start: number } => {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  if (!match || (match[1] === '' && match[2] === '')) {
    return null
  }
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0) {
      return 'unsatisfiable'
    }
    return { end: size - 1, start: Math.max(0, size - suffix) }
  }
  const start = Number(match[1])
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  if (start >= size || end < start) {
    return 'unsatisfiable'
  }
  return { end, start }
}
