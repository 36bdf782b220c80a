import type { SanitizedConfig } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type {
  BackofficeLanguage,
  BackofficeTranslationKey,
} from '../../shared/translations/types.js'

import { providerLabel } from '../../shared/accounts/signInMethod.js'
import { backofficeText } from '../../shared/i18n/text.js'

/** The second factor a completed sign-in's `factor` names, when it names one. */
const secondFactors: Record<string, BackofficeTranslationKey> = {
  passkey: 'newBrowserSecondPasskey',
  recoveryCode: 'newBrowserSecondRecoveryCode',
  totp: 'newBrowserSecondAuthenticator',
  totpEnrolment: 'newBrowserSecondAuthenticator',
  trustedDevice: 'newBrowserSecondTrustedDevice',
}

/**
 * How a sign-in was made, as its owner knows the methods: a provider by its label ("Corporate SSO",
 * not its id), a passkey, or a password, with the second factor after it. Read from the data of its
 * `login.succeeded` audit event (`factor`, and `provider` after single sign-on).
 */
export const signInMethodText = (
  config: Pick<SanitizedConfig, 'custom' | 'i18n'>,
  options: SanitizedBackofficeOptions,
  language: BackofficeLanguage,
  { factor, provider }: { factor?: unknown; provider?: unknown },
): string => {
  const text = (key: BackofficeTranslationKey, variables?: Record<string, string>) =>
    backofficeText(config, language, key, variables)
  if (factor === 'passkeySignIn') {
    return text('newBrowserMethodPasskey')
  }
  const first =
    typeof provider === 'string'
      ? providerLabel(options, provider)
      : text('newBrowserMethodPassword')
  const second = typeof factor === 'string' ? secondFactors[factor] : undefined
  return second ? text('newBrowserMethodBoth', { first, second: text(second) }) : first
}
