import { getSafeRedirect } from 'payload/shared'

/** What the login form does with the answer to its request: pure, so it is unit-tested. */
export type LoginOutcome = { kind: 'error'; message: string } | { kind: 'redirect'; to: string }

type Translate = (
  key: 'loginBackendProblem' | 'loginNetworkError',
  variables: Record<string, string>,
) => string

/** Only a path on this site (Payload's own check): a `redirect` must never send someone elsewhere. */
const localPath = (value: unknown): null | string =>
  getSafeRedirect({ fallbackTo: '', redirectTo: value as string }) || null

const withRedirect = (target: string, redirect: null | string): string => {
  if (!redirect) {
    return target
  }
  const separator = target.includes('?') ? '&' : '?'
  return `${target}${separator}redirect=${encodeURIComponent(redirect)}`
}

/**
 * The rules, the same as Payload's own login view. Success: the response's `redirectTo` with the `redirect` parameter appended, else
 * the `redirect` parameter, else the admin root. Failure: for 400, 401 and 403 the first server
 * message (or the status when there is none); any other status "There was a problem with the
 * backend. ({status})".
 */
export const loginOutcome = (
  status: number,
  body: unknown,
  { adminRoute, redirect, t }: { adminRoute: string; redirect: null | string; t: Translate },
): LoginOutcome => {
  const safeRedirect = localPath(redirect)
  const data = (typeof body === 'object' && body !== null ? body : {}) as {
    errors?: { message?: unknown }[]
    redirectTo?: unknown
  }
  if (status >= 200 && status < 300) {
    const redirectTo = localPath(data.redirectTo)
    if (redirectTo) {
      return { kind: 'redirect', to: withRedirect(redirectTo, safeRedirect) }
    }
    return { kind: 'redirect', to: safeRedirect ?? adminRoute }
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
