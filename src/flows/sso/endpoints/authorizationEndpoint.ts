import type { Endpoint, PayloadRequest } from 'payload'

import * as client from 'openid-client'
import { getSafeRedirect } from 'payload/shared'

import type { StaffAccount } from '../../../shared/accounts/staffAccount.js'
import type { BackofficeErrorCode } from '../../../shared/errors/catalogue.js'
import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { freshProof } from '../../../policies/sudo/freshProof.js'
import { signInMethodOf } from '../../../shared/accounts/signInMethod.js'
import { backofficeEndpoint } from '../../../shared/endpoint/backofficeEndpoint.js'
import { seeOther } from '../../../shared/request/http.js'
import { maybeSignedIn } from '../../../shared/request/maybeSignedIn.js'
import { sameSite } from '../../../shared/request/sameSite.js'
import { appURL, loginPageRedirect } from '../loginPageRedirect.js'
import { providerConfiguration } from '../providerConfiguration.js'
import { redirectUri } from '../redirectUri.js'
import { ssoTransactionCookie } from '../ssoCookie.js'
import { sealSsoTransaction } from '../transactions.js'

/**
 * The flows a sign-in may start: `default`, a sign-in; `reauth`, the signed-in account confirming
 * itself at its provider for sudo mode; `link`, the signed-in account (in sudo mode) moving to this
 * provider. Both ask for a fresh authentication (`prompt=login`, `max_age=0`).
 */
const flows = ['default', 'link', 'reauth'] as const

/** Where the flow returns to: the app's own `redirect` parameter, else the admin's home. */
const returnToOf = (req: PayloadRequest): string => {
  const { admin } = req.payload.config.routes
  const redirectParam = req.searchParams.get('redirect') ?? ''
  return getSafeRedirect({ fallbackTo: admin, redirectTo: redirectParam }) || admin
}

/**
 * `GET /api/admin/oauth/authorization/{providerId}?flow=default`: the provider's button. Starts an
 * authorization code flow with PKCE (S256), `state` and `nonce`, all three fresh for this sign-in
 * and sealed with the provider and its issuer into a cookie that binds them to this browser (OWASP
 * ASVS 5.0 10.1.2, 10.2.1; RFC 9700 §2.1.1), then sends the browser to the provider. Nothing is
 * stored: anyone may open this URL, and a row per visit would let them fill the database. Every refusal goes back to the login page with a catalogue code.
 */
export const authorizationEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { viewer }) => {
      const providerId = String(req.routeParams?.providerId ?? '')
      const provider = options.sso.providers.find((candidate) => candidate.id === providerId)
      if (!provider) {
        return loginPageRedirect(req, { code: 'SSO_PROVIDER_UNKNOWN' })
      }
      const flow = req.searchParams.get('flow') ?? 'default'
      if (!(flows as readonly string[]).includes(flow)) {
        return loginPageRedirect(req, { code: 'SSO_FLOW_INVALID', provider: provider.id })
      }
      const returnTo = returnToOf(req)
      let userId: null | string = null
      if (flow !== 'default') {
        if (!viewer) {
          return loginPageRedirect(req, { code: 'AUTHENTICATION_REQUIRED', provider: provider.id })
        }
        const method = signInMethodOf(viewer as unknown as StaffAccount)
        if ((flow === 'reauth') !== (method === provider.id)) {
          return loginPageRedirect(req, { code: 'SSO_FLOW_INVALID', provider: provider.id })
        }
        userId = String(viewer.id)
      }
      let configuration: client.Configuration
      try {
        configuration = await providerConfiguration(req.payload, provider)
      } catch (error) {
        req.payload.logger.warn({
          err: error,
          msg: `payload-backoffice: the single sign-on provider "${provider.id}" could not be discovered`,
        })
        return loginPageRedirect(req, { code: 'SSO_UNAVAILABLE', provider: provider.id })
      }
      const codeVerifier = client.randomPKCECodeVerifier()
      const state = client.randomState()
      const nonce = client.randomNonce()
      const sealed = sealSsoTransaction(
        req,
        {
          codeVerifier,
          flow,
          issuer: provider.issuer,
          nonce,
          providerId: provider.id,
          returnTo,
          state,
          userId,
        },
        options.sso.transactionMinutes,
      )
      const parameters: Record<string, string> = {
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        nonce,
        redirect_uri: redirectUri(req, provider),
        scope: provider.scopes.join(' '),
        state,
      }
      if (flow !== 'default') {
        // A fresh authentication at the provider, not its existing session (OIDC Core 1.0 §3.1.2.1).
        parameters.prompt = 'login'
        parameters.max_age = '0'
      }
      if (provider.kind === 'google' && provider.hostedDomains.length === 1) {
        // A hint for Google's account chooser only; the token's `hd` is what is checked.
        parameters.hd = provider.hostedDomains[0]!
      }
      return seeOther(req, client.buildAuthorizationUrl(configuration, parameters).href, [
        ssoTransactionCookie(req, { maxAgeSeconds: options.sso.transactionMinutes * 60, sealed }),
      ])
    },
    method: 'get',
    path: '/admin/oauth/authorization/:providerId',
    // A browser navigates here: a refusal sends it back with the code, to the page that asked for
    // sudo mode when that is what is missing, else to the login page.
    refusalAnswer: (req, refusal) => {
      if (refusal.code === 'REAUTHENTICATION_REQUIRED') {
        const back = new URL(appURL(req, returnToOf(req)))
        back.searchParams.set('errorMessage', refusal.code)
        return seeOther(req, back.href)
      }
      return loginPageRedirect(req, { code: refusal.code as BackofficeErrorCode })
    },
    requires: [
      // Only a click on the app's own login page starts a sign-in (ASVS 5.0 7.6.2: no session
      // without the user's explicit action); another site cannot send a browser through it.
      sameSite,
      // Moving the account to another way in is as sensitive as changing its email.
      freshProof(options, { when: (req) => req.searchParams.get('flow') === 'link' }),
      // Linking or confirming acts on the signed-in account; a sign-in has none.
      maybeSignedIn(options),
    ],
  })
