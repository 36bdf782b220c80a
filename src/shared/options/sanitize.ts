import type {
  BackofficePluginOptions,
  SanitizedBackofficeOptions,
  SanitizedPasswordPolicy,
  SanitizedTwoFactorOptions,
} from './types.js'

import { defaults } from './defaults.js'
import { sanitizePasskeys } from './sanitizePasskeys.js'
import { sanitizeSso } from './sanitizeSso.js'

const wholeNumber = (
  value: number,
  name: string,
  { max, min }: { max: number; min: number },
): number => {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(
      `payload-backoffice: \`${name}\` must be a whole number from ${min} to ${max} (got ${String(value)}).`,
    )
  }
  return value
}

const languages = ['de', 'en', 'fr', 'nl'] as const

/** A list of earlier keys or secrets: strings of at least `minLength` characters, kept in order. */
const earlierKeys = (value: unknown, name: string, minLength: number): string[] => {
  if (
    !Array.isArray(value) ||
    !value.every((key) => typeof key === 'string' && key.length >= minLength)
  ) {
    throw new Error(
      `payload-backoffice: \`${name}\` must be a list of strings of at least ${minLength} characters.`,
    )
  }
  return [...(value as string[])]
}

const positiveInteger = (value: number, name: string): number => {
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(
      `payload-backoffice: \`${name}\` must be a whole number above 0 (got ${String(value)}).`,
    )
  }
  return value
}

/** At least 128 bits of a random hex or base64 token: a bearer token is guessed online otherwise. */
const MIN_METRICS_TOKEN_LENGTH = 32

/** The metrics token, or `null` (metrics off) for none or an empty one (an unset environment variable). */
const metricsToken = (token: string | undefined): null | string => {
  if (token === undefined || token === '') {
    return null
  }
  if (typeof token !== 'string' || token.length < MIN_METRICS_TOKEN_LENGTH) {
    throw new Error(
      `payload-backoffice: \`metrics.token\` must be at least ${MIN_METRICS_TOKEN_LENGTH} characters (say \`openssl rand -hex 32\`).`,
    )
  }
  return token
}

/**
 * Fills every option with its default and rejects values that cannot work, at config time, so a
 * misconfiguration fails the build instead of a sign-in at run time.
 */
export const sanitizeOptions = (
  options: BackofficePluginOptions = {},
): SanitizedBackofficeOptions => {
  const lockout = { ...defaults.lockout, ...options.lockout }
  const sanitized: SanitizedBackofficeOptions = {
    // Only a literal `true` turns keys on: a truthy string from an environment variable does not.
    apiKeys: { enabled: options.apiKeys?.enabled === true },
    audit: {
      collections: options.audit?.collections ?? defaults.audit.collections,
      // Only a literal `false` turns the log lines off.
      log: options.audit?.log !== false,
      retentionDays: positiveInteger(
        options.audit?.retentionDays ?? defaults.audit.retentionDays,
        'audit.retentionDays',
      ),
      slug: options.audit?.slug ?? defaults.audit.slug,
    },
    emails: {
      defaultLanguage: options.emails?.defaultLanguage ?? defaults.emails.defaultLanguage,
      newBrowserNotice: options.emails?.newBrowserNotice ?? defaults.emails.newBrowserNotice,
    },
    enabled: options.enabled ?? defaults.enabled,
    invitations: {
      expiryDays: positiveInteger(
        options.invitations?.expiryDays ?? defaults.invitations.expiryDays,
        'invitations.expiryDays',
      ),
    },
    lockout: {
      baseDelaySeconds: positiveInteger(lockout.baseDelaySeconds, 'lockout.baseDelaySeconds'),
      clientFailureLimit: positiveInteger(lockout.clientFailureLimit, 'lockout.clientFailureLimit'),
      clientWindowSeconds: positiveInteger(
        lockout.clientWindowSeconds,
        'lockout.clientWindowSeconds',
      ),
      failureResponseMs: positiveInteger(lockout.failureResponseMs, 'lockout.failureResponseMs'),
      maxDelaySeconds: positiveInteger(lockout.maxDelaySeconds, 'lockout.maxDelaySeconds'),
      suspendAfter: positiveInteger(lockout.suspendAfter, 'lockout.suspendAfter'),
      threshold: positiveInteger(lockout.threshold, 'lockout.threshold'),
    },
    metrics: { token: metricsToken(options.metrics?.token) },
    passwordPolicy: sanitizePasswordPolicy(options),
    passwordReset: {
      expiryHours: positiveInteger(
        options.passwordReset?.expiryHours ?? defaults.passwordReset.expiryHours,
        'passwordReset.expiryHours',
      ),
    },
    // Payload asks nothing of its secret but that it is set.
    previousSecrets: earlierKeys(
      options.previousSecrets ?? defaults.previousSecrets,
      'previousSecrets',
      1,
    ),
    roles: {
      admin: options.roles?.admin ?? defaults.roles.admin,
      // Payload stores an account's email lower-cased; compared the same way, trimmed.
      administratorEmails: (
        options.roles?.administratorEmails ?? defaults.roles.administratorEmails
      ).map((email) => email.trim().toLowerCase()),
      field: options.roles?.field ?? defaults.roles.field,
    },
    passkeys: sanitizePasskeys(options.passkeys, defaults.passkeys),
    sessions: {
      absoluteLifetimeHours: positiveInteger(
        options.sessions?.absoluteLifetimeHours ?? defaults.sessions.absoluteLifetimeHours,
        'sessions.absoluteLifetimeHours',
      ),
      slug: options.sessions?.slug ?? defaults.sessions.slug,
      touchIntervalSeconds: positiveInteger(
        options.sessions?.touchIntervalSeconds ?? defaults.sessions.touchIntervalSeconds,
        'sessions.touchIntervalSeconds',
      ),
    },
    sso: sanitizeSso(options.sso, defaults.sso),
    sudo: {
      windowMinutes: positiveInteger(
        options.sudo?.windowMinutes ?? defaults.sudo.windowMinutes,
        'sudo.windowMinutes',
      ),
    },
    translations: options.translations ?? defaults.translations,
    trustProxy: options.trustProxy ?? defaults.trustProxy,
    twoFactor: sanitizeTwoFactor(options),
    usersCollection: options.usersCollection ?? defaults.usersCollection,
  }

  if (typeof sanitized.usersCollection !== 'string' || sanitized.usersCollection.length === 0) {
    throw new Error('payload-backoffice: `usersCollection` must be the slug of an auth collection.')
  }
  if (
    typeof sanitized.sessions.slug !== 'string' ||
    !/^[a-z][a-z0-9-]*$/.test(sanitized.sessions.slug)
  ) {
    throw new Error(
      'payload-backoffice: `sessions.slug` must be a collection slug (lower-case letters, digits, dashes).',
    )
  }
  if (typeof sanitized.audit.slug !== 'string' || !/^[a-z][a-z0-9-]*$/.test(sanitized.audit.slug)) {
    throw new Error(
      'payload-backoffice: `audit.slug` must be a collection slug (lower-case letters, digits, dashes).',
    )
  }
  const auditCollections: unknown = sanitized.audit.collections
  if (
    !Array.isArray(auditCollections) ||
    auditCollections.some((slug) => typeof slug !== 'string' || !slug)
  ) {
    throw new Error('payload-backoffice: `audit.collections` must be a list of collection slugs.')
  }
  // The audit log cannot log itself, and staff accounts have user events of their own.
  for (const excluded of [sanitized.audit.slug, sanitized.usersCollection]) {
    if ((sanitized.audit.collections as string[]).includes(excluded)) {
      throw new Error(`payload-backoffice: \`audit.collections\` must not include "${excluded}".`)
    }
  }
  if (!(languages as readonly string[]).includes(sanitized.emails.defaultLanguage)) {
    throw new Error(
      `payload-backoffice: \`emails.defaultLanguage\` must be one of ${languages.join(', ')}.`,
    )
  }
  if (sanitized.lockout.maxDelaySeconds < sanitized.lockout.baseDelaySeconds) {
    throw new Error(
      'payload-backoffice: `lockout.maxDelaySeconds` must not be below `lockout.baseDelaySeconds`.',
    )
  }
  if (sanitized.lockout.suspendAfter <= sanitized.lockout.threshold) {
    throw new Error('payload-backoffice: `lockout.suspendAfter` must be above `lockout.threshold`.')
  }
  return sanitized
}

const sanitizePasswordPolicy = (options: BackofficePluginOptions): SanitizedPasswordPolicy => {
  const policy = { ...defaults.passwordPolicy, ...options.passwordPolicy }
  const breached = {
    ...defaults.passwordPolicy.breachedPasswords,
    ...options.passwordPolicy?.breachedPasswords,
  }
  const perClass = {
    ...defaults.passwordPolicy.characterClassMinimums,
    ...options.passwordPolicy?.characterClassMinimums,
  }
  const minLength = wholeNumber(policy.minLength, 'passwordPolicy.minLength', { max: 256, min: 1 })
  // ASVS 5.0 6.2.9: at least 64 characters must be accepted; 128 leaves room for long passphrases.
  const maxLength = wholeNumber(policy.maxLength, 'passwordPolicy.maxLength', {
    max: 4096,
    min: 128,
  })
  if (maxLength < minLength) {
    throw new Error(
      'payload-backoffice: `passwordPolicy.maxLength` must not be below `passwordPolicy.minLength`.',
    )
  }
  let rangeUrl: URL
  try {
    rangeUrl = new URL(breached.rangeUrl)
  } catch {
    throw new Error(
      'payload-backoffice: `passwordPolicy.breachedPasswords.rangeUrl` must be an absolute URL.',
    )
  }
  return {
    breachedPasswords: {
      enabled: breached.enabled === true,
      rangeUrl: rangeUrl.href,
      timeoutMs: positiveInteger(breached.timeoutMs, 'passwordPolicy.breachedPasswords.timeoutMs'),
    },
    characterClassMinimums: {
      lowercase: wholeNumber(
        perClass.lowercase,
        'passwordPolicy.characterClassMinimums.lowercase',
        { max: 64, min: 0 },
      ),
      number: wholeNumber(perClass.number, 'passwordPolicy.characterClassMinimums.number', {
        max: 64,
        min: 0,
      }),
      special: wholeNumber(perClass.special, 'passwordPolicy.characterClassMinimums.special', {
        max: 64,
        min: 0,
      }),
      uppercase: wholeNumber(
        perClass.uppercase,
        'passwordPolicy.characterClassMinimums.uppercase',
        { max: 64, min: 0 },
      ),
    },
    maxLength,
    minCharacterClasses: wholeNumber(
      policy.minCharacterClasses,
      'passwordPolicy.minCharacterClasses',
      { max: 4, min: 0 },
    ),
    minLength,
    minScore: wholeNumber(policy.minScore, 'passwordPolicy.minScore', {
      max: 4,
      min: 0,
    }) as SanitizedPasswordPolicy['minScore'],
  }
}

const sanitizeTwoFactor = (options: BackofficePluginOptions): SanitizedTwoFactorOptions => {
  const given = options.twoFactor ?? {}
  const twoFactor: SanitizedTwoFactorOptions = {
    challengeMinutes: given.challengeMinutes ?? defaults.twoFactor.challengeMinutes,
    encryptionKey: given.encryptionKey ?? defaults.twoFactor.encryptionKey,
    enforcement: given.enforcement ?? defaults.twoFactor.enforcement,
    issuer: given.issuer ?? defaults.twoFactor.issuer,
    maxAttemptsPerChallenge:
      given.maxAttemptsPerChallenge ?? defaults.twoFactor.maxAttemptsPerChallenge,
    previousEncryptionKeys:
      given.previousEncryptionKeys ?? defaults.twoFactor.previousEncryptionKeys,
    recoveryCodes: {
      count: given.recoveryCodes?.count ?? defaults.twoFactor.recoveryCodes.count,
    },
    trustedDeviceDays: given.trustedDeviceDays ?? defaults.twoFactor.trustedDeviceDays,
  }
  const enforcement: unknown = twoFactor.enforcement
  const validEnforcement =
    enforcement === 'optional' ||
    enforcement === 'required' ||
    (typeof enforcement === 'object' &&
      enforcement !== null &&
      Array.isArray((enforcement as { roles?: unknown }).roles) &&
      (enforcement as { roles: unknown[] }).roles.length > 0 &&
      (enforcement as { roles: unknown[] }).roles.every(
        (role) => typeof role === 'string' && role.length > 0,
      ))
  if (!validEnforcement) {
    throw new Error(
      "payload-backoffice: `twoFactor.enforcement` must be 'optional', 'required' or { roles: ['role', ...] } with at least one role.",
    )
  }
  const issuer: unknown = twoFactor.issuer
  // The issuer is written into the otpauth URI before a colon and shown by authenticator apps.
  if (
    issuer !== null &&
    (typeof issuer !== 'string' || !issuer.trim() || issuer.includes(':') || issuer.length > 100)
  ) {
    throw new Error(
      'payload-backoffice: `twoFactor.issuer` must be a name of 1 to 100 characters without a colon.',
    )
  }
  const encryptionKey: unknown = twoFactor.encryptionKey
  if (encryptionKey !== null && (typeof encryptionKey !== 'string' || encryptionKey.length < 32)) {
    throw new Error(
      'payload-backoffice: `twoFactor.encryptionKey` must be a random string of at least 32 characters.',
    )
  }
  return {
    challengeMinutes: wholeNumber(twoFactor.challengeMinutes, 'twoFactor.challengeMinutes', {
      max: 60,
      min: 1,
    }),
    encryptionKey: encryptionKey as null | string,
    enforcement:
      typeof enforcement === 'string'
        ? enforcement
        : { roles: [...(enforcement as { roles: string[] }).roles] },
    issuer: issuer === null ? null : (issuer as string).trim(),
    // NIST SP 800-63B §5.2.2: never more than 100 consecutive failures; per challenge far fewer.
    maxAttemptsPerChallenge: wholeNumber(
      twoFactor.maxAttemptsPerChallenge,
      'twoFactor.maxAttemptsPerChallenge',
      { max: 20, min: 1 },
    ),
    // The same rule as `encryptionKey`: each was one.
    previousEncryptionKeys: earlierKeys(
      twoFactor.previousEncryptionKeys,
      'twoFactor.previousEncryptionKeys',
      32,
    ),
    recoveryCodes: {
      // At least a few to lose a phone more than once; at most a sheet one can keep.
      count: wholeNumber(twoFactor.recoveryCodes.count, 'twoFactor.recoveryCodes.count', {
        max: 50,
        min: 1,
      }),
    },
    trustedDeviceDays: wholeNumber(twoFactor.trustedDeviceDays, 'twoFactor.trustedDeviceDays', {
      max: 365,
      min: 1,
    }),
  }
}
