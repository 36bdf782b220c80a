import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type RequestListener, type Server } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
// @ts-expect-error -- oidc-provider 9 ships JavaScript without type declarations (and there is no
// @types package for it): the few members used here are typed by `OidcProvider` below.
import Provider from 'oidc-provider'

/** A person at the provider; the optional claims are shaped like Google's and Microsoft Entra's. */
export type DemoIdentity = {
  acr?: string
  amr?: string[]
  /**
   * When the person authenticated at the provider, in seconds: an older sign-in the provider reports
   * instead of the one just made (a provider that ignores `max_age`). Travels with the login as its
   * `ts`, like `amr` and `acr`. @default now
   */
  auth_time?: number
  email?: string
  email_verified?: boolean
  hd?: string
  name?: string
  oid?: string
  picture?: string
  preferred_username?: string
  sub: string
  tid?: string
  xms_edov?: boolean
}

export type DemoClient = {
  backchannelLogoutUri?: string
  clientId: string
  clientSecret: string
  postLogoutRedirectUris?: string[]
  redirectUris: string[]
}

/** What a person types into the provider's sign-in form. */
export type DemoCredentials = { email: string; password: string }

export type DemoOidcProvider = {
  /** Accounts a human (or Chromium) can sign in with on the HTML form: email + password. */
  addAccount(identity: DemoIdentity, password: string): void
  /**
   * Follows an authorization URL the way a fresh browser would (its own cookie jar, so no provider
   * session carries over from an earlier call), completing sign-in headlessly from the queue, or
   * with `credentials` typed into the sign-in form when nothing is queued, and consent
   * automatically. Returns the URL of the redirect that leaves the provider: the client's
   * redirect_uri with code, state and iss, or with an error.
   */
  authorize(authorizationUrl: string, credentials?: DemoCredentials): Promise<string>
  /**
   * Ends every provider session of `sub` with an OIDC Back-Channel Logout to each client of the
   * session that registered a `backchannelLogoutUri`. Returns the status each client answered,
   * 0 where none answered.
   */
  backchannelLogout(sub: string): Promise<number[]>
  close(): Promise<void>
  /** The next interaction ends with error=access_denied back to the client. */
  denyNext(): void
  /** e.g. http://127.0.0.1:41234 or https://localhost:41234, without a trailing slash. */
  issuer: string
  /**
   * Signs any claims with the provider's own key (RS256, its `kid`), under the header `typ` given:
   * for tests of what a relying party must refuse even when the signature is right.
   */
  sign(claims: Record<string, unknown>, typ: string): Promise<string>
  /** The next interaction signs in as this identity without showing a form (a FIFO queue). */
  signInNext(identity: DemoIdentity): void
}

type InteractionDetails = {
  grantId?: string
  params: { client_id: string }
  prompt: {
    details: {
      missingOIDCClaims?: string[]
      missingOIDCScope?: string[]
      missingResourceScopes?: Record<string, string[]>
    }
    name: string
  }
  session?: { accountId?: string }
  uid: string
}
type Grant = {
  addOIDCClaims(claims: string[]): void
  addOIDCScope(scope: string): void
  addResourceScope(indicator: string, scope: string): void
  save(): Promise<string>
}
type Session = {
  accountId?: string
  authorizations?: Record<string, unknown>
  destroy(): Promise<void>
  jti: string
  sidFor(clientId: string): string | undefined
}
type OidcProvider = {
  callback(): (request: IncomingMessage, response: ServerResponse) => Promise<void>
  Client: {
    find(clientId: string): Promise<
      | {
          backchannelLogout(sub: string, sid?: string): Promise<void>
          backchannelLogoutUri?: string
        }
      | undefined
    >
  }
  Grant: {
    find(grantId: string): Promise<Grant | undefined>
    new (properties: { accountId: string; clientId: string }): Grant
  }
  interactionDetails(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<InteractionDetails>
  interactionFinished(
    request: IncomingMessage,
    response: ServerResponse,
    result: Record<string, unknown>,
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>
  on(event: 'session.destroyed' | 'session.saved', listener: (session: Session) => void): void
  Session: { find(id: string): Promise<Session | undefined> }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

// Self-contained on purpose: oidc-provider's built-in pages import a web font, a request that test
// browsers and sandboxes without internet cannot make.
const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – demo OpenID provider</title>
<style>
body{font-family:system-ui,sans-serif;margin:3rem auto;max-width:22rem;padding:0 1rem}
label,input,button{box-sizing:border-box;display:block;width:100%}
input{margin:.25rem 0 1rem;padding:.5rem}button{margin-bottom:.5rem;padding:.6rem}
[role=alert]{color:#b00020}
</style>
</head>
<body><main>${body}</main></body>
</html>`

const signInPage = (action: string, clientId: string, email = '', error?: string) =>
  page(
    'Sign in',
    `<h1>Sign in</h1>
<p>to continue to ${escapeHtml(clientId)}</p>
${error ? `<p id="sign-in-error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(email)}"${error ? ' aria-describedby="sign-in-error"' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
<button type="submit" name="cancel" value="yes" formnovalidate>Cancel</button>
</form>`,
  )

const readForm = async (request: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of request) {
    chunks.push(chunk as Buffer)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/** The claims of an identity; `amr` and `acr` describe a sign-in, so they travel with the login. */
const claimsOf = ({ acr: _acr, amr: _amr, auth_time: _authTime, ...claims }: DemoIdentity) =>
  Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined))

const cancelled = { error: 'access_denied', error_description: 'The user cancelled' }

/** Listens on loopback `host`; resolves with the error instead when the address cannot be had. */
const listenOn = (server: Server, port: number, host: string) =>
  new Promise<NodeJS.ErrnoException | null>((resolve) => {
    server.once('error', resolve)
    server.listen(port, host, () => {
      server.off('error', resolve)
      resolve(null)
    })
  })

/**
 * A real OpenID provider (panva's oidc-provider, OpenID-certified) on loopback, for the
 * integration and browser tests and the sandbox's demo single sign-on. Its state lives in memory
 * and dies with `close()`.
 */
export const startDemoOidcProvider = async (options: {
  /**
   * false: ID tokens never carry `auth_time`, even when a request's `max_age` makes it a MUST (OpenID
   * Connect Core 1.0 §3.1.2.1), as Microsoft Entra ID's tokens without the optional claim.
   * @default true
   */
  authTime?: boolean
  clients: DemoClient[]
  /**
   * The host in the issuer. `localhost` puts the provider on another site than an app on
   * 127.0.0.1, as a real provider is (a port does not make a site): the browser then treats the
   * round trip as cross-site, SameSite rules included. The provider then listens on [::1] too,
   * the address Chromium tries first for localhost.
   * @default '127.0.0.1'
   */
  issuerHost?: '127.0.0.1' | 'localhost'
  /** Path of the issuer, e.g. '/tenant-guid/v2.0' to look like Entra. @default '' */
  issuerPath?: string
  /** @default 0, any free port */
  port?: number
  /**
   * A certificate for the issuer host and its key, in PEM: the issuer is then https. An app in
   * production accepts only an https issuer; its Node trusts the certificate through
   * NODE_EXTRA_CA_CERTS. @default none, plain http
   */
  tls?: { cert: string; key: string }
}): Promise<DemoOidcProvider> => {
  const issuerPath = (options.issuerPath ?? '').replace(/\/+$/, '')
  if (issuerPath && !/^(\/[\w.~-]+)+$/.test(issuerPath)) {
    throw new Error(`issuerPath must look like '/segment/v2.0', got '${options.issuerPath}'`)
  }
  const identities = new Map<string, DemoIdentity>()
  const accounts = new Map<string, { password: string; sub: string }>()
  const queue: ('deny' | DemoIdentity)[] = []
  // oidc-provider cannot list sessions, so their owners are noted as they are saved.
  const sessionOwners = new Map<string, string>()
  // Carries the status a back-channel logout receiver answered out of oidc-provider, which keeps it.
  const answeredStatuses = new AsyncLocalStorage<number[]>()

  const listener: RequestListener = (request, response) => {
    handleRequest(request, response).catch((error: { message?: string; statusCode?: number }) => {
      if (!response.headersSent) {
        response.writeHead(error.statusCode ?? 500, { 'content-type': 'text/plain' })
      }
      response.end(error.message ?? String(error))
    })
  }
  const newServer = (): Server =>
    options.tls ? createTlsServer(options.tls, listener) : createServer(listener)
  const servers = [newServer()]
  const failed = await listenOn(servers[0]!, options.port ?? 0, '127.0.0.1')
  if (failed) throw failed
  const port = (servers[0]!.address() as AddressInfo).port
  const host = options.issuerHost ?? '127.0.0.1'
  if (host === 'localhost') {
    // Otherwise another program on [::1] at this port would get the browser's requests.
    const ipv6 = newServer()
    const refused = await listenOn(ipv6, port, '::1')
    if (!refused) {
      servers.push(ipv6)
    } else if (refused.code !== 'EADDRNOTAVAIL' && refused.code !== 'EAFNOSUPPORT') {
      await new Promise((resolve) => servers[0]!.close(resolve))
      throw refused
    }
  }
  const origin = `${options.tls ? 'https' : 'http'}://${host}:${port}`
  const issuer = `${origin}${issuerPath}`

  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const signingKey = {
    ...(await exportJWK(privateKey)),
    alg: 'RS256',
    kid: randomUUID(),
    use: 'sig',
  }
  const twoWeeks = 14 * 24 * 60 * 60

  const provider: OidcProvider = new Provider(issuer, {
    claims: {
      // oidc-provider's defaults list `auth_time` on its own as well; `false` takes it out there
      // (a value that is neither null nor a scope's list).
      ...(options.authTime === false && { auth_time: false }),
      email: ['email', 'email_verified'],
      openid: ['sub', 'acr', 'amr', ...(options.authTime === false ? [] : ['auth_time']), 'sid'],
      profile: ['name', 'picture', 'preferred_username', 'hd', 'tid', 'oid', 'xms_edov'],
    },
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      post_logout_redirect_uris: client.postLogoutRedirectUris ?? [],
      redirect_uris: client.redirectUris,
      ...(client.backchannelLogoutUri && {
        backchannel_logout_session_required: true,
        backchannel_logout_uri: client.backchannelLogoutUri,
      }),
    })),
    // Google and Entra put the scope claims (email, hd, tid…) in the ID token as well as userinfo;
    // oidc-provider's default keeps them to userinfo when an access token is issued.
    conformIdTokenClaims: false,
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    features: {
      backchannelLogout: { enabled: true },
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: { body: string }, form: string) => {
          ctx.body = page(
            'Sign out',
            `<h1>Sign out?</h1>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<button type="submit" form="op.logoutForm">Stay signed in</button>`,
          )
        },
        postLogoutSuccessSource: (ctx: { body: string }) => {
          ctx.body = page('Signed out', '<h1>Signed out</h1><p>You have been signed out.</p>')
        },
      },
    },
    // The SSRF guard on outgoing requests refuses loopback addresses, where the demo's clients live.
    fetch: async (url: string, init: RequestInit & { dispatcher?: unknown }) => {
      delete init.dispatcher
      const response = await fetch(url, init)
      answeredStatuses.getStore()?.push(response.status)
      return response
    },
    findAccount: (_ctx: unknown, sub: string) => {
      const identity = identities.get(sub)
      return identity && { accountId: sub, claims: () => claimsOf(identity) }
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) =>
        `${issuerPath}/interaction/${interaction.uid}`,
    },
    jwks: { keys: [signingKey] },
    // Every client must prove possession of its code (RFC 7636), so a PKCE downgrade is refused.
    pkce: { required: () => true },
    renderError: (ctx: { body: string; type: string }, out: Record<string, string>) => {
      ctx.type = 'html'
      const details = Object.entries(out).map(
        ([key, value]) => `<p>${key}: ${escapeHtml(value)}</p>`,
      )
      ctx.body = page('Error', `<h1>Sign-in failed</h1>${details.join('')}`)
    },
    // oidc-provider's own defaults, written out so it does not print a notice for each of them.
    ttl: {
      AccessToken: 3600,
      Grant: twoWeeks,
      IdToken: 3600,
      Interaction: 3600,
      Session: twoWeeks,
    },
  })
  provider.on('session.saved', (session) => {
    if (session.accountId) sessionOwners.set(session.jti, session.accountId)
  })
  provider.on('session.destroyed', (session) => sessionOwners.delete(session.jti))
  const providerCallback = provider.callback()

  // A login starts afresh; a consent keeps the login just submitted, or a `prompt=login` request
  // would ask for it again.
  const finish = (
    request: IncomingMessage,
    response: ServerResponse,
    result: Record<string, unknown>,
  ) =>
    provider.interactionFinished(request, response, result, {
      mergeWithLastSubmission: 'consent' in result,
    })

  const grantConsent = async (details: InteractionDetails) => {
    const accountId = details.session?.accountId ?? ''
    const grant =
      (details.grantId && (await provider.Grant.find(details.grantId))) ||
      new provider.Grant({ accountId, clientId: details.params.client_id })
    const missing = details.prompt.details
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '))
    }
    return { consent: { grantId: await grant.save() } }
  }

  const interact = async (request: IncomingMessage, response: ServerResponse, isPost: boolean) => {
    const details = await provider.interactionDetails(request, response)
    const action = `${issuerPath}/interaction/${details.uid}/login`
    if (queue[0] === 'deny') {
      queue.shift()
      return finish(request, response, cancelled)
    }
    if (details.prompt.name === 'consent') {
      return finish(request, response, await grantConsent(details))
    }
    if (details.prompt.name !== 'login') {
      throw Object.assign(new Error(`Unexpected prompt ${details.prompt.name}`), {
        statusCode: 400,
      })
    }
    const queued = queue.shift()
    if (queued && queued !== 'deny') {
      identities.set(queued.sub, queued)
      const { acr, amr, auth_time: ts, sub } = queued
      return finish(request, response, { login: { accountId: sub, acr, amr, ts } })
    }
    let email = ''
    let error: string | undefined
    if (isPost) {
      const form = await readForm(request)
      if (form.get('cancel')) return finish(request, response, cancelled)
      email = form.get('email') ?? ''
      const account = accounts.get(email.trim().toLowerCase())
      const identity = account && identities.get(account.sub)
      if (identity && account.password === form.get('password')) {
        const { acr, amr = ['pwd'] } = identity
        return finish(request, response, { login: { accountId: identity.sub, acr, amr } })
      }
      error = 'Wrong email or password.'
    }
    response.writeHead(200, {
      'cache-control': 'no-store',
      'content-type': 'text/html; charset=utf-8',
    })
    response.end(signInPage(action, details.params.client_id, email, error))
  }

  const handleRequest = async (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/'
    if (issuerPath) {
      const rest = url.slice(issuerPath.length)
      if (!url.startsWith(issuerPath) || !/^([/?]|$)/.test(rest)) {
        response.writeHead(404).end()
        return
      }
      // Mounted the way Express would: oidc-provider builds its endpoint URLs from these two.
      Object.assign(request, { baseUrl: issuerPath, originalUrl: url })
      request.url = rest.startsWith('/') ? rest : `/${rest}`
    }
    const path = (request.url ?? '/').split('?')[0]
    const interaction = /^\/interaction\/[\w-]+(\/login)?$/.exec(path ?? '')
    if (interaction && (request.method === 'GET' || request.method === 'POST')) {
      return interact(request, response, Boolean(interaction[1]) && request.method === 'POST')
    }
    return providerCallback(request, response)
  }

  const authorize = async (authorizationUrl: string, credentials?: DemoCredentials) => {
    const jar = new Map<string, { name: string; path: string; value: string }>()
    let url = new URL(authorizationUrl)
    let body: URLSearchParams | undefined
    let formSubmitted = false
    for (let hop = 0; hop < 20; hop += 1) {
      const cookie = [...jar.values()]
        .filter((entry) => url.pathname.startsWith(entry.path))
        .map((entry) => `${entry.name}=${entry.value}`)
        .join('; ')
      const response = await fetch(url, {
        body,
        headers: { cookie },
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
      })
      for (const header of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = header.split(';').map((part) => part.trim())
        const name = pair.slice(0, pair.indexOf('='))
        const value = pair.slice(pair.indexOf('=') + 1)
        const pathAttribute = attributes.find((part) => /^path=/i.test(part))
        const path = pathAttribute?.slice(5) || '/'
        const expires = attributes.find((part) => /^expires=/i.test(part))?.slice(8)
        if (!value || (expires && Date.parse(expires) <= Date.now())) {
          jar.delete(`${name};${path}`)
        } else {
          jar.set(`${name};${path}`, { name, path, value })
        }
      }
      const location = response.headers.get('location')
      if (response.status < 300 || response.status > 399 || !location) {
        const text = await response.text()
        const action = /<form method="post" action="([^"]+)"/.exec(text)?.[1]
        if (response.status === 200 && action && credentials && !formSubmitted) {
          url = new URL(action, url)
          body = new URLSearchParams(credentials)
          formSubmitted = true
          continue
        }
        // The words of a page, not its markup, say what went wrong.
        const words = text
          .replace(/<(style|script)[^]*?<\/\1>|<[^>]*>/g, ' ')
          .replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code)))
          .replace(/\s+/g, ' ')
          .trim()
        const hint = action
          ? ', its sign-in form: nothing queued by signInNext, or wrong credentials'
          : ''
        throw new Error(
          `The provider answered ${response.status} at ${url.pathname} instead of redirecting` +
            `${hint}: ${words.slice(0, 300)}`,
        )
      }
      body = undefined
      url = new URL(location, url)
      if (url.origin !== origin) return url.href
    }
    throw new Error(`More than 20 redirects from ${authorizationUrl}`)
  }

  const backchannelLogout = async (sub: string) => {
    const answers: number[] = []
    for (const [sessionId, owner] of sessionOwners) {
      if (owner !== sub) continue
      const session = await provider.Session.find(sessionId)
      sessionOwners.delete(sessionId)
      if (!session) continue
      for (const clientId of Object.keys(session.authorizations ?? {})) {
        const client = await provider.Client.find(clientId)
        if (!client?.backchannelLogoutUri) continue
        const statuses: number[] = []
        // oidc-provider signs and sends the logout token itself, and rejects anything but 200/204.
        await answeredStatuses
          .run(statuses, () => client.backchannelLogout(sub, session.sidFor(clientId)))
          .catch(() => undefined)
        answers.push(statuses[0] ?? 0)
      }
      await session.destroy()
    }
    return answers
  }

  return {
    addAccount: (identity, password) => {
      if (!identity.email) throw new Error('An account signs in with its email: give it one')
      identities.set(identity.sub, identity)
      accounts.set(identity.email.toLowerCase(), { password, sub: identity.sub })
    },
    authorize,
    backchannelLogout,
    sign: (claims, typ) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid, typ })
        .sign(privateKey),
    close: async () => {
      await Promise.all(
        servers.map((server) => {
          const closed = new Promise<void>((resolve) => server.close(() => resolve()))
          server.closeAllConnections()
          return closed
        }),
      )
    },
    denyNext: () => {
      queue.push('deny')
    },
    issuer,
    signInNext: (identity) => {
      identities.set(identity.sub, identity)
      queue.push(identity)
    },
  }
}
