import type { PasskeyOptions, SanitizedBackofficeOptions } from './types.js'

const fail = (message: string): never => {
  throw new Error(`payload-backoffice: ${message}`)
}

/** A bare origin (scheme, host, port), as a browser reports it in a WebAuthn response. */
const checkedOrigin = (value: unknown): string => {
  let url: URL | null = null
  try {
    url = typeof value === 'string' ? new URL(value) : null
  } catch {
    url = null
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== value) {
    return fail(
      `\`passkeys.origins\` must hold origins such as 'https://admin.example.com' (got ${JSON.stringify(value)}).`,
    )
  }
  return url.origin
}

/**
 * The passkey options with every field present, or a start-up error for values that cannot work. The
 * relying-party id is checked against `serverURL` later, when the config is complete.
 */
export const sanitizePasskeys = (
  given: PasskeyOptions | undefined,
  defaults: SanitizedBackofficeOptions['passkeys'],
): SanitizedBackofficeOptions['passkeys'] => {
  const passkeys = { ...defaults, ...given }
  for (const flag of ['enabled', 'passwordless'] as const) {
    if (typeof passkeys[flag] !== 'boolean') {
      fail(`\`passkeys.${flag}\` must be true or false.`)
    }
  }
  if (passkeys.passwordless && !passkeys.enabled) {
    fail('`passkeys.passwordless` needs `passkeys.enabled`.')
  }
  const roles: unknown = passkeys.requiredForRoles
  if (!Array.isArray(roles) || roles.some((role) => typeof role !== 'string' || !role)) {
    fail('`passkeys.requiredForRoles` must be a list of role names.')
  }
  if (!Array.isArray(passkeys.origins)) {
    fail('`passkeys.origins` must be a list of origins.')
  }
  const rpId: unknown = passkeys.rpId
  // A domain name: WebAuthn refuses IP addresses as relying-party ids (WebAuthn §5.1.3, step 8).
  if (
    rpId !== null &&
    (typeof rpId !== 'string' ||
      !/^(?=.{1,253}$)([a-z\d]([a-z\d-]{0,61}[a-z\d])?)(\.[a-z\d]([a-z\d-]{0,61}[a-z\d])?)*$/i.test(
        rpId,
      ) ||
      /^[\d.]+$/.test(rpId))
  ) {
    fail('`passkeys.rpId` must be a domain name such as example.com.')
  }
  const timeoutSeconds: unknown = passkeys.timeoutSeconds
  if (
    typeof timeoutSeconds !== 'number' ||
    !Number.isInteger(timeoutSeconds) ||
    timeoutSeconds < 30 ||
    timeoutSeconds > 600
  ) {
    // WebAuthn Level 3 §15.1 recommends 300 s and at most 600 s for a ceremony.
    fail('`passkeys.timeoutSeconds` must be a whole number from 30 to 600.')
  }
  return { ...passkeys, origins: passkeys.origins.map(checkedOrigin) }
}
