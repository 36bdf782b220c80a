import type { CollectionConfig } from 'payload'

export const ssoTransactionsSlug = 'sso-transactions'

/**
 * Sign-ins sent to a provider and not back yet: what the callback must check (provider, issuer,
 * state, nonce, PKCE verifier) and where to go after. The browser holds a random key in a cookie;
 * only its SHA-256 is stored. A row is deleted by the statement that reads it, so each is used once
 * (OWASP ASVS 5.0 10.1.2: code, state and nonce bound to the browser and the transaction). No API
 * reaches it.
 */
export const ssoTransactionsCollection: CollectionConfig = {
  slug: ssoTransactionsSlug,
  access: { create: () => false, delete: () => false, read: () => false, update: () => false },
  admin: { hidden: true },
  fields: [
    { name: 'keyHash', type: 'text', index: true, required: true, unique: true },
    { name: 'providerId', type: 'text', required: true },
    { name: 'issuer', type: 'text', required: true },
    { name: 'flow', type: 'text', required: true },
    { name: 'state', type: 'text', required: true },
    { name: 'nonce', type: 'text', required: true },
    { name: 'codeVerifier', type: 'text', required: true },
    { name: 'returnTo', type: 'text' },
    // `reauth`: the signed-in account confirming itself (sudo mode), whose session must come back.
    { name: 'userId', type: 'text' },
    { name: 'expiresAt', type: 'date', index: true, required: true },
  ],
  graphQL: false,
}
