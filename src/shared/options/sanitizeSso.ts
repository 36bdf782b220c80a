import type {
  SanitizedSsoOptions,
  SanitizedSsoProvider,
  SsoOptions,
  SsoProviderKind,
  SsoProviderOptions,
} from './types.js'

const kinds: SsoProviderKind[] = ['google', 'msft-entra', 'oidc']

const defaultLabels: Record<SsoProviderKind, string> = {
  google: 'Google',
  'msft-entra': 'Microsoft',
  oidc: 'Single sign-on',
}

// Google's documented issuer (developers.google.com/identity/openid-connect/openid-connect,
// "Discovery document").
const googleIssuer = 'https://accounts.google.com'

// A directory (tenant) id of Microsoft Entra ID is a GUID.
const tenantIdPattern = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i

const fail = (message: string): never => {
  throw new Error(`payload-backoffice: ${message}`)
}

const isLoopback = (url: URL) =>
  url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d+){3}$/.test(url.hostname)

/**
 * The provider's issuer as a URL: https, or http on a loopback address outside production (the
 * sandbox's and the tests' provider). openid-client refuses plain HTTP unless told otherwise, which
 * `insecure` does only for such an issuer.
 */
const checkedIssuer = (id: string, issuer: string): { insecure: boolean; issuer: string } => {
  let url: URL
  try {
    url = new URL(issuer)
  } catch {
    return fail(`\`sso.providers\` "${id}": \`issuer\` must be an absolute URL.`)
  }
  if (url.protocol === 'https:') {
    return { insecure: false, issuer: issuer.replace(/\/$/, '') }
  }
  if (url.protocol === 'http:' && isLoopback(url) && process.env.NODE_ENV !== 'production') {
    return { insecure: true, issuer: issuer.replace(/\/$/, '') }
  }
  return fail(
    `\`sso.providers\` "${id}": \`issuer\` must use https (http only on a loopback address, outside production).`,
  )
}

const stringList = (value: unknown, name: string): string[] => {
  if (value === undefined) {
    return []
  }
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || !item.trim())) {
    return fail(`\`${name}\` must be a list of non-empty strings.`)
  }
  return value.map((item: string) => item.trim())
}

const sanitizeProvider = (given: SsoProviderOptions): SanitizedSsoProvider => {
  const id: unknown = given?.id
  if (typeof id !== 'string' || !/^[a-z][a-z0-9-]{0,39}$/.test(id) || id === 'local') {
    return fail(
      "each of `sso.providers` needs an `id` of lower-case letters, digits and dashes (not 'local').",
    )
  }
  if (!kinds.includes(given.kind)) {
    return fail(`\`sso.providers\` "${id}": \`kind\` must be one of ${kinds.join(', ')}.`)
  }
  for (const field of ['clientId', 'clientSecret'] as const) {
    if (typeof given[field] !== 'string' || !given[field]) {
      return fail(`\`sso.providers\` "${id}": \`${field}\` is required.`)
    }
  }
  const tenantIds = stringList(given.tenantIds, `sso.providers "${id}".tenantIds`)
  const hostedDomains = stringList(given.hostedDomains, `sso.providers "${id}".hostedDomains`).map(
    (domain) => domain.toLowerCase(),
  )
  if (given.kind !== 'google' && hostedDomains.length > 0) {
    fail(`\`sso.providers\` "${id}": \`hostedDomains\` applies to Google providers only.`)
  }
  if (given.kind !== 'msft-entra' && tenantIds.length > 0) {
    fail(`\`sso.providers\` "${id}": \`tenantIds\` applies to Microsoft Entra ID providers only.`)
  }
  if (given.kind !== 'oidc' && (given.trustEmail || given.trustMfa)) {
    fail(
      `\`sso.providers\` "${id}": \`trustEmail\` and \`trustMfa\` apply to corporate (oidc) providers only.`,
    )
  }

  let issuer = given.issuer
  if (given.kind === 'google') {
    issuer ??= googleIssuer
  }
  if (given.kind === 'msft-entra') {
    // Personal Microsoft accounts have no place among staff, and `common`/`consumers` admit them; an
    // `organizations` provider without a list would admit every company's directory (the "nOAuth"
    // account takeovers, Descope 2023, came from multi-tenant apps trusting any tenant's emails).
    if (tenantIds.length === 0) {
      fail(
        `\`sso.providers\` "${id}": Microsoft Entra ID needs \`tenantIds\` (your directory ids).`,
      )
    }
    for (const tenant of tenantIds) {
      if (!tenantIdPattern.test(tenant)) {
        fail(
          `\`sso.providers\` "${id}": each of \`tenantIds\` must be a directory id (a GUID); 'common', 'consumers' and 'organizations' are refused.`,
        )
      }
    }
    issuer ??=
      tenantIds.length === 1
        ? `https://login.microsoftonline.com/${tenantIds[0]}/v2.0`
        : 'https://login.microsoftonline.com/organizations/v2.0'
  }
  if (typeof issuer !== 'string' || !issuer) {
    return fail(`\`sso.providers\` "${id}": corporate (oidc) providers need an \`issuer\`.`)
  }
  const scopes = stringList(given.scopes, `sso.providers "${id}".scopes`)
  const trustMfa = given.trustMfa
    ? {
        acr: stringList(given.trustMfa.acr, `sso.providers "${id}".trustMfa.acr`),
        amr: stringList(given.trustMfa.amr, `sso.providers "${id}".trustMfa.amr`),
      }
    : null
  if (trustMfa && trustMfa.acr.length === 0 && trustMfa.amr.length === 0) {
    fail(`\`sso.providers\` "${id}": \`trustMfa\` needs at least one \`amr\` or \`acr\` value.`)
  }
  const provisioning = given.provisioning
    ? {
        emailDomains: stringList(
          given.provisioning.emailDomains,
          `sso.providers "${id}".provisioning.emailDomains`,
        ).map((domain) => domain.toLowerCase()),
        roles: stringList(given.provisioning.roles, `sso.providers "${id}".provisioning.roles`),
      }
    : null
  if (provisioning && (provisioning.emailDomains.length === 0 || provisioning.roles.length === 0)) {
    // Creating an account for any verified email at all would let anyone with an account at the
    // provider in (Google: anyone); the domains say whose, the roles what they may do.
    fail(
      `\`sso.providers\` "${id}": \`provisioning\` needs \`emailDomains\` and \`roles\` (at least one each).`,
    )
  }
  const label = typeof given.label === 'string' && given.label.trim() ? given.label.trim() : null
  return {
    clientId: given.clientId,
    clientSecret: given.clientSecret,
    hostedDomains,
    icon: typeof given.icon === 'string' && given.icon ? given.icon : null,
    id,
    ...checkedIssuer(id, issuer),
    kind: given.kind,
    label: label ?? defaultLabels[given.kind],
    provisioning,
    scopes: [...new Set(['openid', ...(scopes.length > 0 ? scopes : ['email', 'profile'])])],
    tenantIds,
    trustEmail: given.trustEmail === true,
    trustMfa,
  }
}

/** Single sign-on options with every field present; a provider that cannot work fails at start-up. */
export const sanitizeSso = (
  given: SsoOptions | undefined,
  defaults: SanitizedSsoOptions,
): SanitizedSsoOptions => {
  const accountsSlug = given?.accountsSlug ?? defaults.accountsSlug
  if (typeof accountsSlug !== 'string' || !/^[a-z][a-z0-9-]*$/.test(accountsSlug)) {
    fail('`sso.accountsSlug` must be a collection slug (lower-case letters, digits, dashes).')
  }
  const transactionMinutes = given?.transactionMinutes ?? defaults.transactionMinutes
  if (!Number.isInteger(transactionMinutes) || transactionMinutes < 1 || transactionMinutes > 10) {
    fail('`sso.transactionMinutes` must be a whole number from 1 to 10.')
  }
  const givenProviders: unknown = given?.providers ?? defaults.providers
  if (!Array.isArray(givenProviders)) {
    return fail('`sso.providers` must be a list.')
  }
  const providers = (givenProviders as SsoProviderOptions[]).map(sanitizeProvider)
  const ids = providers.map((provider) => provider.id)
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index)
  if (repeated) {
    fail(`\`sso.providers\`: the id "${repeated}" is used twice.`)
  }
  return { accountsSlug, providers, transactionMinutes }
}
