import type { PayloadRequest } from 'payload'

import type { SanitizedSsoProvider } from '../../shared/options/types.js'

import { appURL } from './loginPageRedirect.js'
import { callbackBasePath } from './ssoCookie.js'

/** The redirect URI registered at the provider: `{serverURL}/api/admin/oauth/callback/{id}`. */
export const redirectUri = (req: Pick<PayloadRequest, 'payload'>, provider: SanitizedSsoProvider) =>
  appURL(req, `${callbackBasePath(req)}/${provider.id}`)
