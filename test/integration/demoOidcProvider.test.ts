import type { AddressInfo } from 'node:net'

import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import { createServer } from 'node:http'
import * as client from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  type DemoCredentials,
  type DemoOidcProvider,
  startDemoOidcProvider,
} from '../../dev/sso/demoOidcProvider.js'

const clientId = 'backoffice'
const clientSecret = 'a-client-secret-for-the-demo-provider'
const logoutTokens: string[] = []
// Receives back-channel logouts; the redirect URI on the same origin is never requested, since
// `authorize` stops at the first redirect that leaves the provider.
const receiver = createServer((request, response) => {
  let body = ''
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
  request.on('end', () => {
    logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '')
    response.writeHead(200).end()
  })
})
let callbackUrl = ''
let provider: DemoOidcProvider
let config: client.Configuration

const discover = (issuer: string) =>
  client.discovery(new URL(issuer), clientId, clientSecret, undefined, {
    execute: [client.allowInsecureRequests],
  })

/** Starts a code flow with PKCE, state and nonce, as the back office will, through the provider. */
const signIn = async (
  at: DemoOidcProvider,
  configuration: client.Configuration,
  options: { credentials?: DemoCredentials; pkce?: boolean } = {},
) => {
  const pkceCodeVerifier = client.randomPKCECodeVerifier()
  const expectedState = client.randomState()
  const expectedNonce = client.randomNonce()
  const parameters: Record<string, string> = {
    nonce: expectedNonce,
    prompt: 'login',
    redirect_uri: callbackUrl,
    scope: 'openid email profile',
    state: expectedState,
  }
  if (options.pkce !== false) {
    parameters.code_challenge = await client.calculatePKCECodeChallenge(pkceCodeVerifier)
    parameters.code_challenge_method = 'S256'
  }
  const url = client.buildAuthorizationUrl(configuration, parameters)
  const callback = new URL(await at.authorize(url.href, options.credentials))
  const checks = { expectedNonce, expectedState, idTokenExpected: true, pkceCodeVerifier }
  return { callback, checks }
}

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const receiverOrigin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  callbackUrl = `${receiverOrigin}/callback`
  provider = await startDemoOidcProvider({
    clients: [
      {
        backchannelLogoutUri: `${receiverOrigin}/backchannel-logout`,
        clientId,
        clientSecret,
        redirectUris: [callbackUrl],
      },
    ],
  })
  config = await discover(provider.issuer)
})
afterAll(async () => {
  await provider?.close()
  await new Promise((resolve) => receiver.close(resolve))
})

describe('the demo OpenID provider, seen by openid-client', () => {
  it('signs in the queued identity: verified ID token with its sub, amr and email', async () => {
    provider.signInNext({
      acr: 'urn:example:mfa',
      amr: ['pwd', 'mfa'],
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      oid: '00000000-0000-0000-0000-00000000ada0',
      sub: 'ada',
      tid: '11111111-2222-3333-4444-555555555555',
    })
    const { callback, checks } = await signIn(provider, config)
    expect(callback.searchParams.get('iss')).toBe(provider.issuer)

    const tokens = await client.authorizationCodeGrant(config, callback, checks)
    expect(tokens.claims()).toMatchObject({
      acr: 'urn:example:mfa',
      amr: ['pwd', 'mfa'],
      aud: clientId,
      email: 'ada@example.com',
      email_verified: true,
      iss: provider.issuer,
      sub: 'ada',
      tid: '11111111-2222-3333-4444-555555555555',
    })
    const userInfo = await client.fetchUserInfo(config, tokens.access_token, 'ada')
    expect(userInfo).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace', sub: 'ada' })
  })

  it('signs in through its form with the right password only', async () => {
    const identity = { email: 'grace@example.com', email_verified: true, sub: 'grace' }
    provider.addAccount(identity, 'the-right-password')

    const { callback, checks } = await signIn(provider, config, {
      credentials: { email: 'Grace@example.com', password: 'the-right-password' },
    })
    const tokens = await client.authorizationCodeGrant(config, callback, checks)
    expect(tokens.claims()).toMatchObject({
      amr: ['pwd'],
      email: 'grace@example.com',
      sub: 'grace',
    })

    await expect(
      signIn(provider, config, { credentials: { email: identity.email, password: 'wrong' } }),
    ).rejects.toThrow(/answered 200 .*Wrong email or password/)
    await expect(signIn(provider, config)).rejects.toThrow(
      /answered 200 .*Sign in to continue to backoffice Email/,
    )
  })

  it('answers access_denied after denyNext', async () => {
    provider.denyNext()
    const { callback, checks } = await signIn(provider, config)
    expect(callback.searchParams.get('error')).toBe('access_denied')
    expect(callback.searchParams.get('state')).toBe(checks.expectedState)
    expect(callback.searchParams.get('code')).toBeNull()
  })

  it('refuses a replayed code', async () => {
    provider.signInNext({ email: 'ada@example.com', sub: 'ada' })
    const { callback, checks } = await signIn(provider, config)
    await client.authorizationCodeGrant(config, callback, checks)
    await expect(client.authorizationCodeGrant(config, callback, checks)).rejects.toMatchObject({
      error: 'invalid_grant',
    })
  })

  it('refuses an authorization request without PKCE', async () => {
    // Refused before any sign-in, so nothing needs to be queued.
    const { callback } = await signIn(provider, config, { pkce: false })
    expect(callback.searchParams.get('error')).toBe('invalid_request')
    expect(callback.searchParams.get('error_description')).toMatch(/PKCE/)
  })

  it('works under an issuer path, as Entra issuers have', async () => {
    const tenant = await startDemoOidcProvider({
      clients: [{ clientId, clientSecret, redirectUris: [callbackUrl] }],
      issuerPath: '/11111111-2222-3333-4444-555555555555/v2.0',
    })
    try {
      expect(tenant.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/11111111-[\w-]+\/v2\.0$/)
      const tenantConfig = await discover(tenant.issuer)
      expect(tenantConfig.serverMetadata().issuer).toBe(tenant.issuer)
      expect(tenantConfig.serverMetadata().token_endpoint).toMatch(`${tenant.issuer}/`)

      tenant.signInNext({ email: 'ada@example.com', sub: 'ada' })
      const { callback, checks } = await signIn(tenant, tenantConfig)
      const tokens = await client.authorizationCodeGrant(tenantConfig, callback, checks)
      expect(tokens.claims()).toMatchObject({ iss: tenant.issuer, sub: 'ada' })
    } finally {
      await tenant.close()
    }
  })

  it('sends a signed back-channel logout for every session of the person', async () => {
    provider.signInNext({ email: 'linus@example.com', sub: 'linus' })
    const { callback, checks } = await signIn(provider, config)
    const sid = (await client.authorizationCodeGrant(config, callback, checks)).claims()?.sid
    expect(sid).toEqual(expect.any(String))
    logoutTokens.length = 0

    expect(await provider.backchannelLogout('linus')).toEqual([200])
    expect(logoutTokens).toHaveLength(1)
    const logoutToken = logoutTokens[0] ?? ''
    expect(decodeProtectedHeader(logoutToken)).toMatchObject({ alg: 'RS256', typ: 'logout+jwt' })
    const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri ?? ''))
    const { payload } = await jwtVerify(logoutToken, jwks, {
      audience: clientId,
      issuer: provider.issuer,
      maxTokenAge: '2m',
      typ: 'logout+jwt',
    })
    expect(payload).toMatchObject({
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      sid,
      sub: 'linus',
    })
    // The provider session ended with it: nothing is left to log out.
    expect(await provider.backchannelLogout('linus')).toEqual([])
  })
})
