import type { CollectionSlug, PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions, SanitizedSsoProvider } from '../options/types.js'
import type { ProvedIdentity } from './provedIdentity.js'
import type { SsoTransaction } from './transactions.js'

import { recordAuditEvent } from '../audit/recordAuditEvent.js'
import { requestUser } from '../request/requestUser.js'
import { recordProof } from '../sudo/sessionProof.js'
import { SsoRefusal } from './ssoRefusal.js'

// How long ago the authentication at the provider may have been: `max_age=0` asked for a new one,
// and a provider that ignores it is caught here (OIDC Core 1.0 §3.1.2.1, `auth_time`).
const freshSeconds = 300

/**
 * Sudo mode for an account of a provider (it has no password to confirm): the signed-in session that
 * started the `reauth` flow, coming back with a fresh authentication of its own identity at its
 * provider, is recorded as proved just now, as a confirmed password would be (OWASP ASVS 5.0 V7.5).
 * Another session, another identity, or an old authentication proves nothing.
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
  const viewer = requestUser(req, options.usersCollection)
  if (!viewer?._sid || String(viewer.id) !== transaction.userId) {
    throw new SsoRefusal('SSO_TRANSACTION_INVALID', 'reauthOtherSession')
  }
  if (identity.authTime !== null && Date.now() / 1000 - identity.authTime > freshSeconds) {
    throw new SsoRefusal('SSO_RESPONSE_INVALID', 'authenticationNotFresh')
  }
  const linked = await req.payload.db.findOne<{
    id: number | string
    user: number | string | { id: number | string }
  }>({
    collection: options.sso.accountsSlug as CollectionSlug,
    req,
    where: { and: [{ issuer: { equals: identity.issuer } }, { sub: { equals: identity.sub } }] },
  })
  const linkedUserId = typeof linked?.user === 'object' ? linked.user.id : linked?.user
  if (linkedUserId === undefined || String(linkedUserId) !== String(viewer.id)) {
    throw new SsoRefusal('SSO_IDENTITY_MISMATCH', 'reauthOtherIdentity')
  }
  await recordProof(req, options, viewer._sid)
  await recordAuditEvent(req, {
    data: { issuer: identity.issuer, provider: provider.id, subject: identity.subjectHash },
    event: 'sso.reauthenticated',
    user: viewer,
  })
}
