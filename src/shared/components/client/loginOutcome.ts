import { getSafeRedirect } from 'payload/shared'

import type { BackofficeAnswer } from './backofficeFetch.js'

import { errorMessageOf, unanswered } from './backofficeFetch.js'

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

type Context = { adminRoute: string; redirect: null | string; t: Translate }

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
  { adminRoute, redirect, t }: Context,
): LoginOutcome => {
  if (status >= 200 && status < 300) {
    const redirectTo = localPath((body as { redirectTo?: unknown } | null)?.redirectTo)
    if (redirectTo) {
      return { kind: 'redirect', to: withRedirect(redirectTo, redirect) }
    }
    return { kind: 'redirect', to: afterSignIn(adminRoute, redirect) }
  }
  if (status === 400 || status === 401 || status === 403) {
    return { kind: 'error', message: errorMessageOf(body, String(status)) }
  }
  return { kind: 'error', message: t('loginBackendProblem', { status: String(status) }) }
}

/** `loginOutcome` of a `callBackoffice` answer: a request that got no answer shows the network error. */
export const loginOutcomeOf = (answer: BackofficeAnswer, context: Context): LoginOutcome =>
  unanswered(answer)
    ? { kind: 'error', message: answer.message }
    : loginOutcome(answer.status, answer.body, context)
