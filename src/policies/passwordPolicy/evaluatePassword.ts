import type { BackofficeTranslationKey } from '../../shared/translations/types.js'
import type { PublicPasswordPolicy } from './publicPolicy.js'
import type { StrengthScore } from './strengthLabels.js'

import { type CharacterClass, countCharacterClasses } from './characterClasses.js'

/** Ids of the rules, as the checklist's `data-rule` attributes and the server error's `failedRules` show them. */
export type PasswordRuleId =
  | 'characterClasses'
  | 'differsFromCurrent'
  | 'maxLength'
  | 'minLength'
  | 'minScore'
  | CharacterClass

export type PasswordRuleResult = {
  id: PasswordRuleId
  /** The checklist text, filled with `variables` (`count`; `score` for the strength rule). */
  labelKey: BackofficeTranslationKey
  met: boolean
  variables: Record<string, number>
}

export type PasswordEvaluation = {
  /** Whether every rule is met. False while the strength score is unknown and a minimum applies. */
  meetsRequirements: boolean
  /** Filled segments of the five-segment meter: score + 1 once length and classes are met, else 0. */
  meterSegments: 0 | 1 | 2 | 3 | 4 | 5
  rules: PasswordRuleResult[]
  score: null | StrengthScore
}

const perClassRules: { id: CharacterClass; labelKey: BackofficeTranslationKey }[] = [
  { id: 'uppercase', labelKey: 'passwordRuleUppercase' },
  { id: 'lowercase', labelKey: 'passwordRuleLowercase' },
  { id: 'number', labelKey: 'passwordRuleNumber' },
  { id: 'special', labelKey: 'passwordRuleSpecial' },
]

/**
 * A password judged against the policy, the same way in the browser (live checklist and meter) and
 * on the server (which refuses it). Pure: the strength score comes from zxcvbn, computed by the
 * caller, or `null` while the browser is still loading the dictionaries.
 *
 * Lengths count Unicode code points, as NIST SP 800-63B asks, and nothing is ever truncated: a
 * password above the maximum is refused, not shortened (ASVS 5.0 6.2.8).
 *
 * `currentPassword` (change password) adds "Differs from the current password": the same password
 * again is no change, and the server refuses it (`PASSWORD_UNCHANGED`), so the checklist must not
 * show every rule met for it.
 */
export const evaluatePassword = (
  password: string,
  policy: PublicPasswordPolicy,
  score: null | StrengthScore,
  { currentPassword }: { currentPassword?: string } = {},
): PasswordEvaluation => {
  const length = [...password].length
  const counts = countCharacterClasses(password)
  const classesPresent = Object.values(counts).filter((count) => count > 0).length
  const lengthMet = length >= policy.minLength
  const classesMet = classesPresent >= policy.minCharacterClasses

  const rules: PasswordRuleResult[] = [
    {
      id: 'minLength',
      labelKey: 'passwordRuleMinLength',
      met: lengthMet,
      variables: { count: policy.minLength },
    },
  ]
  // Listed only once exceeded: the limit bounds hashing work and is far from what people type.
  if (length > policy.maxLength) {
    rules.push({
      id: 'maxLength',
      labelKey: 'passwordRuleMaxLength',
      met: false,
      variables: { count: policy.maxLength },
    })
  }
  if (policy.minCharacterClasses > 0) {
    rules.push({
      id: 'characterClasses',
      labelKey: 'passwordRuleCharacterClasses',
      met: classesMet,
      variables: { count: policy.minCharacterClasses },
    })
  }
  for (const { id, labelKey } of perClassRules) {
    const minimum = policy.characterClassMinimums[id]
    if (minimum > 0) {
      rules.push({ id, labelKey, met: counts[id] >= minimum, variables: { count: minimum } })
    }
  }
  // A minimum of 0 asks nothing of the strength, so the rule is listed only when it is above 0.
  if (policy.minScore > 0) {
    rules.push({
      id: 'minScore',
      labelKey: 'passwordRuleMinScore',
      met: score !== null && score >= policy.minScore,
      variables: { score: policy.minScore },
    })
  }

  if (currentPassword !== undefined) {
    rules.push({
      id: 'differsFromCurrent',
      labelKey: 'passwordRuleDiffersFromCurrent',
      met: password !== '' && password !== currentPassword,
      variables: {},
    })
  }

  return {
    meetsRequirements: rules.every((rule) => rule.met),
    meterSegments:
      lengthMet && classesMet && score !== null
        ? ((score + 1) as PasswordEvaluation['meterSegments'])
        : 0,
    rules,
    score,
  }
}
