/**
 * A `Content-Range` request header of the resumable upload (RFC 9110 §14.4 syntax, with the meaning
 * Google Cloud Storage's resumable uploads give it): `bytes first-last/total` carries a chunk,
 * `bytes *\/total` asks how many bytes the server already has. Anything else is null.
 */
export type UploadRange =
  { first: number; kind: 'chunk'; last: number; total: number } | { kind: 'status'; total: number }

const wholeNumber = (text: string): null | number => {
  const value = Number(text)
  return Number.isSafeInteger(value) && value >= 0 ? value : null
}

export const parseUploadRange = (header: null | string): null | UploadRange => {
  const status = /^bytes \*\/(\d{1,16})$/.exec(header?.trim() ?? '')
  if (status) {
    const total = wholeNumber(status[1]!)
    return total === null ? null : { kind: 'status', total }
  }
  const chunk = /^bytes (\d{1,16})-(\d{1,16})\/(\d{1,16})$/.exec(header?.trim() ?? '')
  if (!chunk) {
    return null
  }
  const first = wholeNumber(chunk[1]!)
  const last = wholeNumber(chunk[2]!)
  const total = wholeNumber(chunk[3]!)
  if (first === null || last === null || total === null || first > last || last >= total) {
    return null
  }
  return { first, kind: 'chunk', last, total }
}

/**
 * The `Range` header answering a status query or an unfinished chunk, as Google's resumable uploads
 * send it with 308: the bytes the server holds, `bytes=0-(n-1)`, or no header when it holds none.
 */
export const receivedRange = (received: number): null | string =>
  received > 0 ? `bytes=0-${received - 1}` : null
