/**
 * A playlist with a query parameter added to every URI in it: the URI lines (RFC 8216 §4.1: any line
 * not starting with `#` and not blank) and the `URI="…"` attributes of tags such as `EXT-X-MAP` and
 * `EXT-X-MEDIA`. A private video's playlists are served this way to a token holder, so the player
 * carries the token to every rendition, init segment and media segment without knowing about it.
 */
export const withQueryOnEveryUri = (playlist: string, name: string, value: string): string => {
  const add = (uri: string) =>
    `${uri}${uri.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`
  return playlist
    .split('\n')
    .map((line) => {
      const trimmed = line.trim()
      if (trimmed === '') {
        return line
      }
      if (trimmed.startsWith('#')) {
        return line.replace(/URI="([^"]*)"/g, (_attribute, uri: string) => `URI="${add(uri)}"`)
      }
      return add(trimmed)
    })
    .join('\n')
}
