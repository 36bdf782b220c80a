import type { CollectionSlug, PayloadRequest } from 'payload'

import { ValidationError } from 'payload'

import type { StaffAccount } from '../../shared/accounts/staffAccount.js'
import type {
  SanitizedBackofficeOptions,
  SanitizedSsoProvider,
} from '../../shared/options/types.js'
import type { ProvedIdentity } from './provedIdentity.js'

import { signInMethodOf } from '../../shared/accounts/signInMethod.js'
import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { readAccountToSignIn } from '../../signIn/readAccountToSignIn.js'
import { provisionAccount } from './provisionAccount.js'
import { SsoRefusal } from './ssoRefusal.js'

type LinkedAccountRow = { id: number | string; user: number | string | { id: number | string } }

/** The account a linked identity belongs to. */
export const userIdOf = ({ user }: LinkedAccountRow): number | string =>
  typeof user === 'object' && user !== null ? user.id : user

/** The linked row of this (issuer, subject), or null: the one key an identity is found by. */
export const findLinkedIdentity = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  identity: Pick<ProvedIdentity, 'issuer' | 'sub'>,
): Promise<LinkedAccountRow | null> =>
  req.payload.db.findOne<LinkedAccountRow>({
    collection: options.sso.accountsSlug as CollectionSlug,
    req,
    where: { and: [{ issuer: { equals: identity.issuer } }, { sub: { equals: identity.sub } }] },
  })

/**
 * The staff account this provider identity signs in to, linking it on its first sign-in.
 *
 * An identity already linked signs in to its account as long as that account still uses this
 * provider. An identity not linked yet is linked only when an administrator gave an account this
 * provider as its sign-in method, that account has no other identity at this provider (the
 * database's unique index decides between parallel first sign-ins, see linkIdentity), and the
 * provider proved that the person owns the account's email address. Nothing else links: not an
 * unverified email, not an account of another sign-in method (it is told which one to use) (Auth.js
 * and Directus link no identity by email by default; Keycloak calls automatic linking "a potential
 * security hole"). No account is created unless the provider's `provisioning` allows it.
 *
 * The account is read as every sign-in reads it (`readAccountToSignIn`, join fields included): the
 * callback signs in this very row.
 */
export const linkedUser = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  provider: SanitizedSsoProvider,
  identity: ProvedIdentity,
): Promise<StaffAccount> => {
  const { payload } = req
  const accounts = options.sso.accountsSlug as CollectionSlug
  const snapshot = {
    email: identity.email,
    emailVerified: identity.emailVerified,
    lastSignInAt: new Date().toISOString(),
    name: identity.name ?? identity.email ?? identity.sub,
    picture: identity.picture,
    tenant: identity.tenant,
  }

  const linked = await findLinkedIdentity(req, options, identity)
  if (linked) {
    const user = await readAccountToSignIn(req, options.usersCollection, {
      id: { equals: userIdOf(linked) },
    })
    if (!user) {
      throw new SsoRefusal('SSO_ACCOUNT_NOT_FOUND', 'accountGone')
    }
    if (signInMethodOf(user) !== provider.id) {
      throw new SsoRefusal('WRONG_SIGN_IN_METHOD', 'otherSignInMethod', {
        expected: signInMethodOf(user),
      })
    }
    await payload.db.updateOne({
      id: linked.id,
      collection: accounts,
      data: snapshot,
      req,
      returning: false,
    })
    return user
  }

  if (!identity.email || !identity.emailVerified) {
    throw new SsoRefusal('SSO_EMAIL_NOT_VERIFIED', 'emailNotVerified')
  }
  const existing = await readAccountToSignIn(req, options.usersCollection, {
    email: { equals: identity.email },
  })
  const provisioned = existing
    ? null
    : await provisionAccount(req, options, provider, { ...identity, email: identity.email })
  const user =
    existing ??
    (provisioned &&
      (await readAccountToSignIn(req, options.usersCollection, {
        id: { equals: provisioned.id },
      })))
  if (!user) {
    throw new SsoRefusal('SSO_ACCOUNT_NOT_FOUND', 'noAccount')
  }
  if (signInMethodOf(user) !== provider.id) {
    // The provider proved the address is theirs, so telling them how this account signs in gives
    // away nothing they could not learn from the account's own emails.
    throw new SsoRefusal('WRONG_SIGN_IN_METHOD', 'otherSignInMethod', {
      expected: signInMethodOf(user),
    })
  }
  const other = await payload.db.findOne<LinkedAccountRow & Pick<ProvedIdentity, 'issuer' | 'sub'>>(
    {
      collection: accounts,
      req,
      where: { and: [{ user: { equals: user.id } }, { providerId: { equals: provider.id } }] },
    },
  )
  if (other && other.issuer === identity.issuer && other.sub === identity.sub) {
    // The same identity coming back twice at once (a double click): the other callback linked it
    // between the first look-up and this one, so it is this identity's own link.
    return user
  }
  if (other) {
    // The account is already linked to another identity at this provider (a second person with the
    // same address, or the same person under a new subject): only an administrator can change that.
    throw new SsoRefusal('SSO_IDENTITY_MISMATCH', 'linkedToAnotherIdentity')
  }
  try {
    await linkIdentity(req, options, provider, identity, user)
  } catch (error) {
    // The same identity coming back twice at once (a double click) was linked by the other
    // callback: that is its own link. Any other identity that lost the race stays refused.
    const now =
      error instanceof SsoRefusal ? await findLinkedIdentity(req, options, identity) : null
    if (!now || String(userIdOf(now)) !== String(user.id)) {
      throw error
    }
  }
  return user
}

/**
 * Stores the (issuer, subject) of a proved identity as this account's, and audits it. The unique
 * indexes of the accounts collection decide between parallel callbacks (the look-ups before this
 * cannot: both find nothing): an identity already linked, or an account that got another identity
 * at this provider a moment ago, is refused with `SSO_IDENTITY_MISMATCH`, never linked twice.
 */
export const linkIdentity = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  provider: SanitizedSsoProvider,
  identity: ProvedIdentity,
  user: Pick<StaffAccount, 'email' | 'id'>,
): Promise<void> => {
  let row: { id: number | string }
  try {
    row = await req.payload.create({
      collection: options.sso.accountsSlug as CollectionSlug,
      data: {
        email: identity.email,
        emailVerified: identity.emailVerified,
        issuer: identity.issuer,
        issuerName: provider.label,
        lastSignInAt: new Date().toISOString(),
        name: identity.name ?? identity.email ?? identity.sub,
        picture: identity.picture,
        providerId: provider.id,
        scope: provider.scopes.join(' '),
        sub: identity.sub,
        tenant: identity.tenant,
        user: user.id,
      } as never,
      overrideAccess: true,
      req,
    })
  } catch (error) {
    if (error instanceof ValidationError) {
      throw new SsoRefusal('SSO_IDENTITY_MISMATCH', 'linkedMeanwhile')
    }
    throw error
  }
  await recordAuditEvent(req, {
    actor: null,
    data: {
      accountId: row.id,
      issuer: identity.issuer,
      provider: provider.id,
      subject: identity.subjectHash,
    },
    event: 'sso.linked',
    user,
  })
}
