import type { PayloadRequest } from 'payload'

import { parseCookies } from 'payload'

import type {
  SanitizedBackofficeOptions,
  SanitizedSsoProvider,
} from '../../shared/options/types.js'
import type { ProvedIdentity } from './provedIdentity.js'
import type { SsoTransaction } from './transactions.js'

import { recordProof } from '../../policies/sudo/sessionProof.js'
import { readAccount } from '../../shared/accounts/staffAccount.js'
import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { readSessionToken } from '../../shared/lib/sessionToken.js'
import { requestUser } from '../../shared/request/requestUser.js'
import { freshAuthenticationSeconds } from './freshAuthenticationSeconds.js'
import { findLinkedIdentity, userIdOf } from './linkedUser.js'
import { SsoRefusal } from './ssoRefusal.js'

/**
 * The signed-in session the request belongs to: Payload's own, or, when Payload ignored the cookie,
 * the session of the request's token that is still open on its account. The navigation back from
 * the provider is cross-site, and Payload's cookie check (payload/dist/auth/extractJWT.js, 3.90.1)
 * ignores the cookie on a `Sec-Fetch-Site: cross-site` request, as CSRF protection. Reading it here
 * opens nothing to another site: only the browser holding this transaction's own cookie gets this
 * far, and only for the session that started the transaction (its `userId`).
 */
const signedInSessionOf = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
): Promise<null | { id: number | string; sid: string }> => {
  const viewer = requestUser(req, options.usersCollection)
  if (viewer?._sid) {
    return { id: viewer.id, sid: viewer._sid }
  }
  const token = parseCookies(req.headers).get(`${req.payload.config.cookiePrefix}-token`)
  const claims = token
    ? await readSessionToken(token, req.payload.secret, Math.floor(Date.now() / 1000))
    : null
  if (!claims || claims.collection !== options.usersCollection) {
    return null
  }
  const account = await readAccount(req, options, claims.id)
  const sessions = Array.isArray(account?.sessions)
    ? (account.sessions as { expiresAt?: string; id: string }[])
    : []
  const open = sessions.some(
    ({ expiresAt, id }) => id === claims.sid && (!expiresAt || new Date(expiresAt) > new Date()),
  )
  return open ? { id: claims.id, sid: claims.sid } : null
}

/**
 * The signed-in session that started this `reauth` or `link` transaction, coming back with a fresh
 * authentication at its provider; anything else is refused (`reason` names the flow for the audit).
 */
export const startingSession = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  identity: ProvedIdentity,
  transaction: SsoTransaction,
): Promise<{ id: number | string; sid: string }> => {
  const session = await signedInSessionOf(req, options)
  if (!session || String(session.id) !== transaction.userId) {
    throw new SsoRefusal('SSO_TRANSACTION_INVALID', `${transaction.flow}OtherSession`)
  }
  if (
    identity.authTime !== null &&
    Date.now() / 1000 - identity.authTime > freshAuthenticationSeconds
  ) {
    throw new SsoRefusal('SSO_AUTHENTICATION_NOT_FRESH', 'authenticationNotFresh')
  }
  return session
}

/**
 * Sudo mode for an account of a provider (it has no password to confirm): the signed-in session that
 * started the `reauth` flow, coming back with a fresh authentication of its own identity at its
 * provider, is recorded as proved just now, as a confirmed password would be (OWASP ASVS 5.0 V7.5).
 * Another session, another identity, or an old authentication proves nothing, and neither does an
 * ID token without `auth_time`: nothing then shows that the person signed in again rather than a
 * long-open session at the provider answering (the callback also has openid-client require it).
 */
export const reauthenticate = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    identity,
    provider,
    transaction,
  }: { identity: ProvedIdentity; provider: SanitizedSsoProvider; transaction: SsoTransaction },
): Promise<void> => {
  const session = await startingSession(req, options, identity, transaction)
  if (identity.authTime === null) {
    throw new SsoRefusal('SSO_AUTHENTICATION_NOT_FRESH', 'reauthWithoutAuthTime')
  }
  const linked = await findLinkedIdentity(req, options, identity)
  const linkedUserId = linked ? userIdOf(linked) : undefined
  if (linkedUserId === undefined || String(linkedUserId) !== String(session.id)) {
    throw new SsoRefusal('SSO_IDENTITY_MISMATCH', 'reauthOtherIdentity')
  }
  await recordProof(req, options, session.sid)
  await recordAuditEvent(req, {
    actor: { id: session.id },
    data: { issuer: identity.issuer, provider: provider.id, subject: identity.subjectHash },
    event: 'sso.reauthenticated',
    user: { id: session.id },
  })
}
