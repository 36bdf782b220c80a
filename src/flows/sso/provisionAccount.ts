import type { PayloadRequest } from 'payload'

import { randomBytes } from 'node:crypto'

import type {
  SanitizedBackofficeOptions,
  SanitizedSsoProvider,
} from '../../shared/options/types.js'
import type { ProvedIdentity } from './provedIdentity.js'

import { readAccount, type StaffAccount } from '../../shared/accounts/staffAccount.js'
import { recipientLanguage } from '../../shared/email/recipientLanguage.js'
import { adminURL, sendSecurityEmail } from '../../shared/email/sendSecurityEmail.js'
import { SsoRefusal } from './ssoRefusal.js'

/**
 * The account of someone signing in for the first time with no account, when the provider may
 * create them (`provisioning`): only for an email the provider verified, in one of the listed
 * domains (Directus' and Keycloak's self-registration, narrowed the way Grafana's `allowed_domains`
 * narrows it). Created with the configured roles and this provider as its one sign-in method (its
 * password is voided at once), then told by email. Answers null when the provider may not create it.
 */
export const provisionAccount = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  provider: SanitizedSsoProvider,
  identity: ProvedIdentity & { email: string },
): Promise<null | StaffAccount> => {
  const domain = identity.email.split('@').pop() ?? ''
  if (!provider.provisioning || !provider.provisioning.emailDomains.includes(domain)) {
    return null
  }
  let created: { id: number | string }
  try {
    created = await req.payload.create({
      collection: options.usersCollection,
      data: {
        email: identity.email,
        identityProvider: provider.id,
        // Never used: the account signs in at its provider (sso/hooks/afterSignInMethodChange.ts).
        password: randomBytes(32).toString('base64url'),
        [options.roles.field]: provider.provisioning.roles,
      } as never,
      overrideAccess: true,
      req,
    })
  } catch {
    // A parallel first sign-in created it a moment ago (the email is unique): that one links it.
    throw new SsoRefusal('SSO_TRANSACTION_INVALID', 'provisionedMeanwhile')
  }
  const account = await readAccount(req, options, created.id)
  if (!account) {
    return null
  }
  await sendSecurityEmail(req, {
    action: {
      label: 'emailActionSignIn',
      url: adminURL(req, req.payload.config.admin.routes.login),
    },
    body: 'emailAccountProvisionedBody',
    language: recipientLanguage(account, options),
    subject: 'emailAccountCreatedSubject',
    to: identity.email,
    variables: { email: identity.email, provider: provider.label },
  })
  return account
}
