/** Messages between bench/sso.ts and its demo OpenID provider process (bench/ssoProvider.ts). */
import type { DemoIdentity } from '../../dev/sso/demoOidcProvider.js'

export type ProviderCommand =
  /** Signs `identity` in at the provider and follows `url` as a fresh browser would. */
  { identity: DemoIdentity; type: 'authorize'; url: string } | { type: 'stop' }

export type ProviderReply =
  /** Where the provider sends the browser back: the app's callback, with code, state and iss. */
  | { callbackUrl: string; type: 'authorized' }
  | { issuer: string; type: 'ready' }
  | { message: string; type: 'error' }
  | { type: 'stopped' }
