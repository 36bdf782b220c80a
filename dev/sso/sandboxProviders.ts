import type { SsoProviderOptions } from 'payload-backoffice'

/** The demo provider's one staff member, created in the sandbox on start (see demoStaffAccount). */
export const demoStaff = {
  email: 'sso-demo@example.com',
  name: 'Sam Demo',
  password: 'demo-sso-password',
  sub: 'sandbox-demo-staff',
} as const

export const demoClientId = 'backoffice-sandbox'

/**
 * The single sign-on providers of the sandbox, from the environment: real ones when their variables
 * are set (register the redirect URI `{SERVER_URL}/api/admin/oauth/callback/{id}` at each), and the
 * demo provider `npm run dev` starts on loopback otherwise, as `corporate`.
 */
export const sandboxProviders = (env: NodeJS.ProcessEnv = process.env): SsoProviderOptions[] => {
  const providers: SsoProviderOptions[] = []
  if (env.SSO_GOOGLE_CLIENT_ID && env.SSO_GOOGLE_CLIENT_SECRET) {
    providers.push({
      clientId: env.SSO_GOOGLE_CLIENT_ID,
      clientSecret: env.SSO_GOOGLE_CLIENT_SECRET,
      hostedDomains: env.SSO_GOOGLE_HOSTED_DOMAINS?.split(',').filter(Boolean),
      id: 'google',
      kind: 'google',
    })
  }
  if (env.SSO_ENTRA_TENANT_ID && env.SSO_ENTRA_CLIENT_ID && env.SSO_ENTRA_CLIENT_SECRET) {
    providers.push({
      clientId: env.SSO_ENTRA_CLIENT_ID,
      clientSecret: env.SSO_ENTRA_CLIENT_SECRET,
      id: 'msft-entra',
      kind: 'msft-entra',
      tenantIds: env.SSO_ENTRA_TENANT_ID.split(',').filter(Boolean),
    })
  }
  if (env.SSO_CORPORATE_ISSUER && env.SSO_CORPORATE_CLIENT_ID && env.SSO_CORPORATE_CLIENT_SECRET) {
    providers.push({
      clientId: env.SSO_CORPORATE_CLIENT_ID,
      clientSecret: env.SSO_CORPORATE_CLIENT_SECRET,
      id: 'corporate',
      issuer: env.SSO_CORPORATE_ISSUER,
      kind: 'oidc',
      label: 'Corporate SSO',
    })
  } else if (env.SSO_DEMO_ISSUER && env.SSO_DEMO_CLIENT_SECRET) {
    providers.push({
      clientId: demoClientId,
      clientSecret: env.SSO_DEMO_CLIENT_SECRET,
      id: 'corporate',
      issuer: env.SSO_DEMO_ISSUER,
      kind: 'oidc',
      label: 'Corporate SSO',
    })
  }
  return providers
}
