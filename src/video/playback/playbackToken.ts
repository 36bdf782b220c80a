import { signClaims, verifyClaims } from '../lib/signedClaims.js'

/** Domain separation of playback tokens from upload URLs and every other use of the secret. */
const PURPOSE = 'payload-backoffice:video-playback'

/**
 * A token that lets its holder fetch one private video's files (master and rendition playlists,
 * segments, poster, preview, data.json) until it expires. Minted when a video is read, never stored:
 * a database dump holds no working link, and every link stops working on its own.
 */
export const mintPlaybackToken = (
  secret: string,
  videoId: number | string,
  lifetimeMinutes: number,
  now = Date.now(),
) => {
  const expiresAt = Math.floor(now / 1000) + Math.round(lifetimeMinutes * 60)
  return { expiresAt, token: signClaims(secret, PURPOSE, { e: expiresAt, v: String(videoId) }) }
}

/** Seconds the token has left for this video, or null when it is not a valid, live token for it. */
export const playbackTokenSecondsLeft = (
  secret: string,
  token: unknown,
  videoId: number | string,
  now = Date.now(),
): null | number => {
  const claims = verifyClaims(secret, PURPOSE, token)
  if (!claims || claims.v !== String(videoId) || typeof claims.e !== 'number') {
    return null
  }
  const left = claims.e - Math.floor(now / 1000)
  return left > 0 ? left : null
}
