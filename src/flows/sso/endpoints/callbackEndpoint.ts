import type { Endpoint, PayloadRequest } from 'payload'

import * as client from 'openid-client'
import { AuthenticationError } from 'payload'

import type {
  SanitizedBackofficeOptions,
  SanitizedSsoProvider,
} from '../../../shared/options/types.js'
import type { ProvedIdentity } from '../provedIdentity.js'

import { recordAuditEvent } from '../../../shared/audit/recordAuditEvent.js'
import { recordRefusal } from '../../../shared/audit/recordRefusal.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import {
  type SingleSignOnContext,
  singleSignOnContextKey,
  twoFactorContextKey,
} from '../../../shared/request/context.js'
import { seeOther } from '../../../shared/request/http.js'
import { openSecondFactorChallenge } from '../../../signIn/passwordSignIn.js'
import { replayLogin } from '../../../signIn/replayLogin.js'
import { SecondFactorRequired } from '../../../signIn/SecondFactorRequired.js'
import { signInSucceeded } from '../../../signIn/signInSucceeded.js'
import { acceptInvitationAtSignIn } from '../acceptInvitationAtSignIn.js'
import { authTimeRefusal } from '../authTimeRefusal.js'
import { freshAuthenticationSeconds } from '../freshAuthenticationSeconds.js'
import { linkedUser } from '../linkedUser.js'
import { appURL, loginPageRedirect } from '../loginPageRedirect.js'
import { provedIdentity } from '../provedIdentity.js'
import { providerConfiguration } from '../providerConfiguration.js'
import { reauthenticate } from '../reauthenticate.js'
import { redirectUri } from '../redirectUri.js'
import { readSsoTransactionCookie, ssoTransactionCookie } from '../ssoCookie.js'
import { SsoRefusal } from '../ssoRefusal.js'
import { switchSignInMethod } from '../switchSignInMethod.js'
import { redeemSsoTransaction, type SsoTransaction } from '../transactions.js'

/**
 * The provider's answer, checked by openid-client against this very transaction: `state`, the PKCE
 * verifier (the code is redeemed with it), the RFC 9207 `iss` parameter when the provider sends it,
 * and the ID token's signature, issuer, audience, expiry and `nonce`. The userinfo answer adds
 * claims, for the same subject only. No access or refresh token is kept (OWASP ASVS 5.0 10.1.1).
 */
const verifiedIdentity = async (
  req: PayloadRequest,
  provider: SanitizedSsoProvider,
  transaction: SsoTransaction,
): Promise<ProvedIdentity> => {
  let configuration: client.Configuration
  try {
    configuration = await providerConfiguration(req.payload, provider)
  } catch {
    throw new SsoRefusal('SSO_UNAVAILABLE', 'discoveryFailed')
  }
  // The URL the provider sent the browser to, rebuilt from the registered redirect URI and this
  // request's query: the Host header plays no part.
  const currentUrl = new URL(redirectUri(req, provider))
  currentUrl.search = new URL(req.url ?? '', 'http://x').search
  // Sudo mode asked for a new authentication (`max_age=0`): openid-client then requires the ID
  // token's `auth_time` and checks its age (OIDC Core 1.0 §3.1.2.1, §3.1.3.7 rule 13).
  const maxAge = transaction.flow === 'reauth' ? freshAuthenticationSeconds : undefined
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>
  try {
    tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      expectedNonce: transaction.nonce,
      expectedState: transaction.state,
      idTokenExpected: true,
      maxAge,
      pkceCodeVerifier: transaction.codeVerifier,
    })
  } catch (error) {
    if (error instanceof client.AuthorizationResponseError) {
      throw error.error === 'access_denied'
        ? new SsoRefusal('SSO_CANCELLED', 'accessDenied')
        : new SsoRefusal('SSO_PROVIDER_ERROR', `provider:${error.error.slice(0, 40)}`)
    }
    const stale = maxAge === undefined ? null : authTimeRefusal(error)
    if (stale) {
      throw stale
    }
    const code = (error as { code?: unknown }).code
    throw new SsoRefusal(
      'SSO_RESPONSE_INVALID',
      typeof code === 'string' ? code.slice(0, 60) : 'tokenExchangeFailed',
    )
  }
  const token = tokens.claims()
  if (!token) {
    throw new SsoRefusal('SSO_RESPONSE_INVALID', 'noIdToken')
  }
  let userInfo: client.UserInfoResponse | undefined
  if (configuration.serverMetadata().userinfo_endpoint) {
    try {
      userInfo = await client.fetchUserInfo(configuration, tokens.access_token, token.sub)
    } catch {
      throw new SsoRefusal('SSO_PROVIDER_ERROR', 'userInfoFailed')
    }
  }
  return provedIdentity(provider, token, userInfo)
}

/**
 * `GET /api/admin/oauth/callback/{providerId}`: where the provider sends the browser back. The
 * transaction is redeemed (once) from the browser's cookie and names the provider: a response arriving at
 * another provider's path is refused, never checked against that provider (mix-up defence, RFC 9700
 * §4.4; OWASP ASVS 5.0 10.2.2). The identity is then linked or refused (see linkedUser.ts) and the
 * sign-in goes on exactly as after a right password: a suspended account gets nothing, a second
 * factor is asked for when due (unless the provider proved one it is trusted for), and the session
 * carries the browser's address and user agent. Every outcome is audited; every refusal ends on the
 * login page with a catalogue code.
 */
export const callbackEndpoint = (options: SanitizedBackofficeOptions): Endpoint => ({
  handler: async (req: PayloadRequest) => {
    const pathProvider = String(req.routeParams?.providerId ?? '').slice(0, 40)
    const clearTransaction = ssoTransactionCookie(req, null)
    const sealed = readSsoTransactionCookie(req)
    const redeemed = sealed ? await redeemSsoTransaction(req, sealed) : { refused: 'noCookie' }
    const transaction = 'transaction' in redeemed ? redeemed.transaction : null
    const provider = options.sso.providers.find(
      (candidate) => candidate.id === transaction?.providerId,
    )
    let identity: null | ProvedIdentity = null
    let userId: null | number | string = null
    try {
      if ('refused' in redeemed) {
        throw new SsoRefusal('SSO_TRANSACTION_INVALID', redeemed.refused)
      }
      if (!transaction || !provider || provider.issuer !== transaction.issuer) {
        throw new SsoRefusal('SSO_TRANSACTION_INVALID', 'transactionUnknown')
      }
      if (pathProvider !== provider.id) {
        throw new SsoRefusal('SSO_RESPONSE_INVALID', 'providerMismatch')
      }
      identity = await verifiedIdentity(req, provider, transaction)
      if (transaction.flow === 'reauth' || transaction.flow === 'link') {
        await (transaction.flow === 'reauth' ? reauthenticate : switchSignInMethod)(req, options, {
          identity,
          provider,
          transaction,
        })
        return seeOther(req, appURL(req, transaction.returnTo ?? req.payload.config.routes.admin), [
          clearTransaction,
        ])
      }
      const linked = await linkedUser(req, options, provider, identity)
      userId = linked.id
      const user = await acceptInvitationAtSignIn(req, options, linked)
      const auditData = {
        factor: 'sso',
        issuer: identity.issuer,
        provider: provider.id,
        subject: identity.subjectHash,
      }
      req.context[singleSignOnContextKey] = {
        provider: provider.id,
        providerSessionId: identity.providerSessionId,
        subjectHash: identity.subjectHash,
      } satisfies SingleSignOnContext
      if (identity.multiFactor) {
        // The provider proved a second factor it is trusted for: the two-factor `beforeLogin` hook
        // asks for none (the provider's `trustMfa` option).
        req.context[twoFactorContextKey] = { verifiedUserId: user.id }
      }
      try {
        const collection = req.payload.collections[options.usersCollection]!
        const result = await replayLogin(req, collection, { account: user })
        return await signInSucceeded(req, collection, result, {
          audit: identity.multiFactor ? { ...auditData, providerMultiFactor: true } : auditData,
          cookies: [clearTransaction],
          redirectTo: appURL(req, transaction.returnTo ?? req.payload.config.routes.admin),
        })
      } catch (error) {
        if (error instanceof SecondFactorRequired) {
          const challenge = await openSecondFactorChallenge(req, options, {
            need: error.need,
            userId: user.id,
          })
          return seeOther(req, appURL(req, challenge.redirectTo), [
            clearTransaction,
            challenge.cookie,
          ])
        }
        if (error instanceof BackofficeError && error.code === 'ACCOUNT_SUSPENDED') {
          throw new SsoRefusal('ACCOUNT_SUSPENDED', 'suspended')
        }
        if (error instanceof AuthenticationError) {
          // An invitation accepted neither here nor by its link (invitations/refuseUnacceptedInvitation.ts).
          throw new SsoRefusal('SSO_ACCOUNT_NOT_FOUND', 'invitationNotAccepted')
        }
        throw error
      }
    } catch (error) {
      if (!(error instanceof SsoRefusal)) {
        throw error
      }
      const entry = {
        actor: null,
        data: {
          factor: 'sso',
          provider: transaction?.providerId ?? null,
          reason: error.reason,
          ...(identity ? { issuer: identity.issuer, subject: identity.subjectHash } : {}),
          ...(pathProvider && pathProvider !== transaction?.providerId
            ? { callbackPath: pathProvider }
            : {}),
        },
        event: 'login.failed',
        ...(userId !== null ? { user: { id: userId } } : {}),
      } as const
      if (identity) {
        await recordAuditEvent(req, entry)
      } else {
        // No identity was proved: anyone can send such callbacks by the thousand, each of which
        // would otherwise be a row. The first per provider and reason in a minute is recorded, the
        // rest summed up; a provider's error text, which a forger chooses, does not open a new
        // summary (keyed as `provider`).
        const reason = error.reason.startsWith('provider:') ? 'provider' : error.reason
        await recordRefusal(req, `sso-callback:${transaction?.providerId ?? '-'}:${reason}`, entry)
      }
      if (transaction && transaction.flow !== 'default' && transaction.returnTo) {
        // Back to the page that asked for the confirmation, which shows what went wrong.
        const back = new URL(appURL(req, transaction.returnTo))
        back.searchParams.set('errorMessage', error.code)
        return seeOther(req, back.href, [clearTransaction])
      }
      return loginPageRedirect(req, {
        code: error.code,
        cookies: [clearTransaction],
        expected: error.expected,
        provider: provider?.id,
      })
    }
  },
  method: 'get',
  path: '/admin/oauth/callback/:providerId',
})
