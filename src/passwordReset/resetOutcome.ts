import { getSafeRedirect } from 'payload/shared'

import { loginOutcome } from '../components/client/loginOutcome.js'

/** What the reset form does with the answer to its request: pure, so it can be unit-tested. */
export type ResetOutcome =
  { kind: 'error'; message: string } | { announce: boolean; kind: 'success'; to: string }

type Translate = Parameters<typeof loginOutcome>[2]['t']

/**
 * The rules. Success: the response's `redirectTo` when it names a path on this site;
 * else the admin root, with the "updated successfully" toast when the answer carries a token. Failure:
 * the sign-in form's rules (the first server message for 400, 401 and 403, the backend-problem
 * message for any other status).
 */
export const resetOutcome = (
  status: number,
  body: unknown,
  { adminRoute, t }: { adminRoute: string; t: Translate },
): ResetOutcome => {
  if (status < 200 || status >= 300) {
    const failure = loginOutcome(status, body, { adminRoute, redirect: null, t })
    return failure.kind === 'error' ? failure : { kind: 'error', message: String(status) }
  }
  const data = (typeof body === 'object' && body !== null ? body : {}) as {
    redirectTo?: unknown
    token?: unknown
  }
  const redirectTo = getSafeRedirect({ fallbackTo: '', redirectTo: data.redirectTo as string })
  if (redirectTo) {
    return { announce: false, kind: 'success', to: redirectTo }
  }
  return {
    announce: typeof data.token === 'string' && data.token !== '',
    kind: 'success',
    to: adminRoute,
  }
}
