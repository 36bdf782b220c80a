/**
 * Content types of the files a transcode writes. Set explicitly, never sniffed: Payload's own file
 * route has no entry for `.m3u8` and answers `text/plain`, which Safari refuses to play.
 *  - `.m3u8`: `application/vnd.apple.mpegurl` (RFC 8216 §4).
 *  - `.m4s` fMP4 segments and `.mp4`: `video/mp4` (the ISO BMFF family; hls.js and Safari accept it).
 *  - `.ts`: `video/mp2t` (RFC 8216 §3.2).
 */
const types: Record<string, string> = {
  jpg: 'image/jpeg',
  json: 'application/json',
  m3u8: 'application/vnd.apple.mpegurl',
  m4s: 'video/mp4',
  mp4: 'video/mp4',
  ts: 'video/mp2t',
  vtt: 'text/vtt',
}

/** The content type of a served file by its extension, or null for a file that is never served. */
export const contentTypeOf = (fileName: string): null | string =>
  types[fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase()] ?? null
