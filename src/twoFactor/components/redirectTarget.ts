import { getSafeRedirect } from 'payload/shared'

/** Only a path on this site (Payload's own check): a `redirect` must never send someone elsewhere. */
export const localPath = (value: unknown): null | string =>
  getSafeRedirect({ fallbackTo: '', redirectTo: value as string }) || null

/** `target` with the `redirect` parameter carried along, when there is one. */
export const withRedirect = (target: string, redirect: null | string): string => {
  const safe = localPath(redirect)
  if (!safe) {
    return target
  }
  return `${target}${target.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(safe)}`
}

/** Where a completed sign-in goes: the `redirect` parameter when it stays on this site, else the admin root. */
export const afterSignIn = (adminRoute: string, redirect: null | string): string =>
  localPath(redirect) ?? adminRoute

/** The first server message of an error answer, else `fallback`. */
export const errorMessageOf = (body: unknown, fallback: string): string => {
  const data = (typeof body === 'object' && body !== null ? body : {}) as {
    errors?: { message?: unknown }[]
    message?: unknown
  }
  const message = data.errors?.[0]?.message ?? data.message
  return typeof message === 'string' && message ? message : fallback
}
