import type { BackofficeAnswer } from '../../shared/components/client/backofficeFetch.js'

import { localPath, loginOutcomeOf } from '../../shared/components/client/loginOutcome.js'

/** What the reset form does with the answer to its request: pure, so it can be unit-tested. */
export type ResetOutcome =
  { kind: 'error'; message: string } | { announce: boolean; kind: 'success'; to: string }

type Context = Omit<Parameters<typeof loginOutcomeOf>[1], 'redirect'>

/**
 * The rules. Success: the response's `redirectTo` when it names a path on this site;
 * else the admin root, with the "updated successfully" toast when the answer carries a token. Failure:
 * the first server message for 400 and 401 (the token or the new password was refused), the
 * backend-problem message for any other status, 403 included, the network error when there was no
 * answer. Unlike the sign-in form, a 403 here is not a refusal the person can act on from this form
 * (the request was taken for a cross-site one, or the sign-in after the new password was refused), so
 * its detail stays hidden.
 */
export const resetOutcome = (
  answer: BackofficeAnswer,
  { adminRoute, t }: Context,
): ResetOutcome => {
  if (!answer.ok) {
    if (answer.status === 403) {
      return { kind: 'error', message: t('loginBackendProblem', { status: '403' }) }
    }
    const failure = loginOutcomeOf(answer, { adminRoute, redirect: null, t })
    return failure.kind === 'error' ? failure : { kind: 'error', message: String(answer.status) }
  }
  const data = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as {
    redirectTo?: unknown
    token?: unknown
  }
  const redirectTo = localPath(data.redirectTo)
  if (redirectTo) {
    return { announce: false, kind: 'success', to: redirectTo }
  }
  return {
    announce: typeof data.token === 'string' && data.token !== '',
    kind: 'success',
    to: adminRoute,
  }
}
