import { getSafeRedirect } from 'payload/shared'

/** What the login form does with the answer to its request: pure, so it is unit-tested. */
export type LoginOutcome = { kind: 'error'; message: string } | { kind: 'redirect'; to: string }

type Translate = (
  key: 'loginBackendProblem' | 'loginNetworkError',
  variables: Record<string, string>,
) => string

/** Only a path on this site (Payload's own check): a `redirect` must never send someone elsewhere. */
export const localPath = (value: unknown): null | string =>
  getSafeRedirect({ fallbackTo: '', redirectTo: value as string }) || null

/** `target` with the `redirect` parameter carried along, when there is one on this site. */
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

/**
 * The rules, the same as Payload's own login view. Success: the response's `redirectTo` with the
 * `redirect` parameter appended, else the `redirect` parameter, else the admin root. Failure: for 400,
 * 401 and 403 the first server message (or the status when there is none), which says why the
 * sign-in was refused; any other status "There was a problem with the backend. ({status})", so no
 * server detail of an unexpected failure is shown.
 */
export const loginOutcome = (
  status: number,
  body: unknown,
  { adminRoute, redirect, t }: { adminRoute: string; redirect: null | string; t: Translate },
): LoginOutcome => {
  const data = (typeof body === 'object' && body !== null ? body : {}) as {
    errors?: { message?: unknown }[]
    redirectTo?: unknown
  }
  if (status >= 200 && status < 300) {
    const redirectTo = localPath(data.redirectTo)
    if (redirectTo) {
      return { kind: 'redirect', to: withRedirect(redirectTo, redirect) }
    }
    return { kind: 'redirect', to: afterSignIn(adminRoute, redirect) }
  }
  if (status === 400 || status === 401 || status === 403) {
    const message = data.errors?.[0]?.message
    return {
      kind: 'error',
      message: typeof message === 'string' && message ? message : String(status),
    }
  }
  return { kind: 'error', message: t('loginBackendProblem', { status: String(status) }) }
}

/** The message for a request that never got an answer. */
export const networkErrorMessage = (error: unknown, t: Translate): string =>
  t('loginNetworkError', { detail: error instanceof Error ? error.message : String(error) })
