import type { PayloadRequest } from 'payload'

import type { BackofficeErrorCode } from '../../shared/errors/catalogue.js'

import { seeOther } from '../../shared/request/http.js'

/** An absolute URL of the app, from `serverURL` (required with single sign-on), never from headers. */
export const appURL = (req: Pick<PayloadRequest, 'payload'>, path: string): string =>
  new URL(path, req.payload.config.serverURL).href

/**
 * Back to the login page with what went wrong as a catalogue code, and the provider ids its message
 * names: never the provider's own text, which the page would otherwise show to the user (RFC 6749
 * §4.1.2.1 `error_description` is free text from a third party).
 */
export const loginPageRedirect = (
  req: PayloadRequest,
  {
    code,
    cookies = [],
    expected,
    provider,
  }: { code: BackofficeErrorCode; cookies?: string[]; expected?: null | string; provider?: string },
): Response => {
  const { config } = req.payload
  const url = new URL(appURL(req, `${config.routes.admin}${config.admin.routes.login}`))
  url.searchParams.set('errorMessage', code)
  if (provider) {
    url.searchParams.set('provider', provider)
  }
  if (expected) {
    url.searchParams.set('expected', expected)
  }
  return seeOther(req, url.href, cookies)
}
