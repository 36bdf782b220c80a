import { afterEach, describe, expect, it, vi } from 'vitest'

import type { SsoProviderOptions } from '../../src/shared/options/types.js'

import { sanitizeOptions } from '../../src/shared/options/sanitize.js'

const tenant = '6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'
const client = { clientId: 'client', clientSecret: 'secret' }
const providers = (...list: SsoProviderOptions[]) => sanitizeOptions({ sso: { providers: list } })

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('single sign-on options', () => {
  it('default to no providers, the accounts slug and 10 minutes per sign-in', () => {
    expect(sanitizeOptions().sso).toEqual({
      accountsSlug: 'accounts',
      providers: [],
      transactionMinutes: 10,
    })
  })

  it("fill in each kind's issuer, label and scopes", () => {
    const [google, entra, multiTenant] = providers(
      { ...client, id: 'google', kind: 'google' },
      { ...client, id: 'msft-entra', kind: 'msft-entra', tenantIds: [tenant] },
      {
        ...client,
        id: 'entra-orgs',
        kind: 'msft-entra',
        tenantIds: [tenant, tenant.replace('6', '7')],
      },
    ).sso.providers
    expect(google).toMatchObject({
      insecure: false,
      issuer: 'https://accounts.google.com',
      label: 'Google',
      scopes: ['openid', 'email', 'profile'],
    })
    expect(entra).toMatchObject({
      issuer: `https://login.microsoftonline.com/${tenant}/v2.0`,
      label: 'Microsoft',
    })
    expect(multiTenant!.issuer).toBe('https://login.microsoftonline.com/organizations/v2.0')
  })

  it('refuse Entra without a tenant list, or with common, consumers or organizations', () => {
    expect(() => providers({ ...client, id: 'e', kind: 'msft-entra' })).toThrow(/tenantIds/)
    for (const tenantId of ['common', 'consumers', 'organizations']) {
      expect(() =>
        providers({ ...client, id: 'e', kind: 'msft-entra', tenantIds: [tenantId] }),
      ).toThrow(/refused/)
    }
  })

  it('accept a plain-http issuer only on loopback and outside production', () => {
    const corporate = (issuer: string) => ({
      ...client,
      id: 'corporate',
      issuer,
      kind: 'oidc' as const,
    })
    expect(providers(corporate('http://127.0.0.1:9000')).sso.providers[0]!.insecure).toBe(true)
    expect(() => providers(corporate('http://sso.example.com'))).toThrow(/https/)
    vi.stubEnv('NODE_ENV', 'production')
    expect(() => providers(corporate('http://127.0.0.1:9000'))).toThrow(/https/)
  })

  it('refuse ids that cannot work, repeated ids, missing secrets and misplaced rules', () => {
    expect(() => providers({ ...client, id: 'local', kind: 'google' })).toThrow(/id/)
    expect(() => providers({ ...client, id: 'Google Workspace', kind: 'google' })).toThrow(/id/)
    expect(() =>
      providers({ ...client, id: 'g', kind: 'google' }, { ...client, id: 'g', kind: 'google' }),
    ).toThrow(/used twice/)
    expect(() => providers({ clientId: 'x', clientSecret: '', id: 'g', kind: 'google' })).toThrow(
      /clientSecret/,
    )
    expect(() => providers({ ...client, id: 'g', kind: 'google', trustEmail: true })).toThrow(
      /corporate/,
    )
    expect(() =>
      providers({ ...client, id: 'c', issuer: 'https://x.example', kind: 'oidc' }),
    ).not.toThrow()
    expect(() => providers({ ...client, id: 'c', kind: 'oidc' })).toThrow(/issuer/)
  })

  it('create accounts only for listed domains with listed roles', () => {
    expect(() =>
      providers({
        ...client,
        id: 'g',
        kind: 'google',
        provisioning: { emailDomains: [], roles: ['editor'] },
      }),
    ).toThrow(/provisioning/)
    const [google] = providers({
      ...client,
      id: 'g',
      kind: 'google',
      provisioning: { emailDomains: ['Example.COM'], roles: ['editor'] },
    }).sso.providers
    expect(google!.provisioning).toEqual({ emailDomains: ['example.com'], roles: ['editor'] })
  })
})
