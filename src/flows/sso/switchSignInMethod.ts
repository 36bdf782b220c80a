import type { PayloadRequest } from 'payload'

import type {
  SanitizedBackofficeOptions,
  SanitizedSsoProvider,
} from '../../shared/options/types.js'
import type { ProvedIdentity } from './provedIdentity.js'
import type { SsoTransaction } from './transactions.js'

import { signInMethodOf } from '../../shared/accounts/signInMethod.js'
import { readAccount } from '../../shared/accounts/staffAccount.js'
import { inTransaction } from '../../shared/db/inTransaction.js'
import { keepSessionContextKey } from './hooks/afterSignInMethodChange.js'
import { findLinkedIdentity, linkIdentity } from './linkedUser.js'
import { startingSession } from './reauthenticate.js'
import { SsoRefusal } from './ssoRefusal.js'

/**
 * A person moving their own account to a provider (the `link` flow, started in sudo mode): the
 * provider must have just authenticated them and proved the account's own email address, and the
 * identity must belong to nobody else. Then, in one transaction, the account's method becomes this
 * provider (its other identities go, its password is voided, its other sessions end, the address
 * is told and the change audited, see hooks/afterSignInMethodChange.ts) and the identity is linked.
 */
export const switchSignInMethod = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    identity,
    provider,
    transaction,
  }: { identity: ProvedIdentity; provider: SanitizedSsoProvider; transaction: SsoTransaction },
): Promise<void> => {
  const session = await startingSession(req, options, identity, transaction)
  const account = await readAccount(req, options, session.id)
  if (!account || typeof account.email !== 'string') {
    throw new SsoRefusal('SSO_ACCOUNT_NOT_FOUND', 'accountGone')
  }
  if (signInMethodOf(account) === provider.id) {
    throw new SsoRefusal('SSO_FLOW_INVALID', 'alreadyThisMethod')
  }
  if (!identity.emailVerified || identity.email !== account.email.toLowerCase()) {
    throw new SsoRefusal('SSO_EMAIL_NOT_VERIFIED', 'emailNotProved')
  }
  if (await findLinkedIdentity(req, options, identity)) {
    throw new SsoRefusal('SSO_IDENTITY_MISMATCH', 'identityLinkedElsewhere')
  }
  await inTransaction(req, async () => {
    req.context[keepSessionContextKey] = session.sid
    await req.payload.update({
      id: account.id,
      collection: options.usersCollection,
      data: { identityProvider: provider.id } as never,
      overrideAccess: true,
      req,
    })
    await linkIdentity(req, options, provider, identity, account)
  })
}
