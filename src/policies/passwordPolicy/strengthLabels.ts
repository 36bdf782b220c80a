import type { BackofficeTranslationKey } from '../../shared/translations/types.js'

/** A zxcvbn strength score: 0 very weak … 4 very secure (five levels). */
export type StrengthScore = 0 | 1 | 2 | 3 | 4

/** The translation key of each score's name, in score order: very weak, weak, okay, secure, very secure. */
export const strengthLabelKeys = [
  'passwordStrengthVeryWeak',
  'passwordStrengthWeak',
  'passwordStrengthOkay',
  'passwordStrengthSecure',
  'passwordStrengthVerySecure',
] as const satisfies readonly BackofficeTranslationKey[]
