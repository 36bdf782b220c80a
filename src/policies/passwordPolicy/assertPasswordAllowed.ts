import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { AccountWords } from './strength/penalisedInputs.js'

import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { checkBreachedPassword } from './breached/checkBreachedPassword.js'
import { evaluatePassword } from './evaluatePassword.js'
import { publicPasswordPolicy } from './publicPolicy.js'
import { loadStrengthChecker } from './strength/loadStrengthChecker.js'
import { penalisedInputs } from './strength/penalisedInputs.js'

/**
 * Key under `req.context`: set it to `true` around a create or update whose password nobody chose
 * (an invitation's unusable random one) and the policy's hook lets it through. Only server code can
 * set it: Payload gives REST and GraphQL requests an empty context.
 */
export const passwordPolicyExemptKey = 'backofficePasswordPolicyExempt'

/**
 * Random passwords nobody chose (an invitation's), each let through once, for the request that made
 * it: the exemption is tied to that one value, not to the request, so a later operation in the same
 * request (a second GraphQL mutation after a failed create) is held to the policy.
 */
const unchosenPasswords = new WeakMap<object, Set<string>>()

export const exemptUnchosenPassword = (req: object, password: string): void => {
  const passwords = unchosenPasswords.get(req) ?? new Set<string>()
  passwords.add(password)
  unchosenPasswords.set(req, passwords)
}

/** Whether `password` is an unchosen one made for this request; it is spent by asking. */
export const spendUnchosenPassword = (req: object, password: unknown): boolean =>
  typeof password === 'string' && (unchosenPasswords.get(req)?.delete(password) ?? false)

/**
 * Passwords this request has already had approved, so that an endpoint that checks first and then
 * saves through Payload (which runs the policy's hook again) pays for zxcvbn and the breach lookup
 * once. Held beside the request, never in it, so the password is not copied anywhere it could be logged.
 */
const approved = new WeakMap<object, Set<string>>()

/**
 * Throws unless `password` may be set on the account `user` (the account as it will be: email, name,
 * username). Every path that sets a password calls it before changing anything: Payload's create,
 * update and first-register through the users collection's hook, and the plugin's reset, change and
 * invitation endpoints directly.
 *
 * - `PASSWORD_REQUIRED` (400) when empty or missing;
 * - `MALFORMED_REQUEST` (400) when not a string;
 * - `PASSWORD_REQUIREMENTS_NOT_MET` (400) when a rule fails, with the failed rule ids, comma-separated,
 *   in `data.failedRules` (`minLength`, `maxLength`, `characterClasses`, `uppercase`, `lowercase`,
 *   `number`, `special`, `minScore`, `breached`).
 *
 * The breach lookup runs only when the other rules pass (no hash prefix leaves for a password that
 * is refused anyway) and fails open when the service cannot answer in time.
 */
export const assertPasswordAllowed = async (
  req: PayloadRequest,
  options: Pick<SanitizedBackofficeOptions, 'passwordPolicy'>,
  { password, user }: { password: unknown; user?: AccountWords | null },
): Promise<void> => {
  if (password === undefined || password === null || password === '') {
    throw new BackofficeError('PASSWORD_REQUIRED', { req })
  }
  if (typeof password !== 'string') {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
  if (approved.get(req)?.has(password)) {
    return
  }
  const policy = options.passwordPolicy
  // A code point takes at most two UTF-16 units: beyond twice the maximum, nothing else is worth reading.
  if (password.length > policy.maxLength * 2) {
    throw new BackofficeError('PASSWORD_REQUIREMENTS_NOT_MET', {
      req,
      variables: { failedRules: 'maxLength' },
    })
  }
  // zxcvbn judges at most the first 64 characters (see zxcvbnSettings), so its cost is bounded
  // whatever the length; it runs only when a minimum strength applies.
  const score =
    policy.minScore > 0
      ? (await loadStrengthChecker())(password, penalisedInputs(user ?? {})).score
      : null
  const failedRules = evaluatePassword(password, publicPasswordPolicy(options), score)
    .rules.filter((rule) => !rule.met)
    .map((rule) => rule.id as string)

  if (failedRules.length === 0 && policy.breachedPasswords.enabled) {
    if ((await checkBreachedPassword(req, password, policy.breachedPasswords)) === 'breached') {
      failedRules.push('breached')
    }
  }
  if (failedRules.length > 0) {
    throw new BackofficeError('PASSWORD_REQUIREMENTS_NOT_MET', {
      req,
      variables: { failedRules: failedRules.join(',') },
    })
  }
  approved.set(req, new Set([...(approved.get(req) ?? []), password]))
}
