'use client'

import type { PasswordRuleResult } from '../evaluatePassword.js'

import '../../../shared/components/backoffice.css'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { strengthLabelKeys } from '../strengthLabels.js'
import './PasswordRules.css'

/**
 * The live rules checklist: one item per rule, a visible mark and, for screen readers, the words
 * "met" or "not met". Its `data-rule`/`data-met` attributes are what browser tests read.
 */
export const PasswordRules = ({ id, rules }: { id: string; rules: PasswordRuleResult[] }) => {
  const t = useBackofficeTranslation()
  return (
    <ul
      aria-label={t('passwordRulesLabel')}
      className="backoffice-password-rules"
      data-password-rules=""
      id={id}
    >
      {rules.map((rule) => {
        const strength =
          rule.variables.score === undefined
            ? ''
            : t(strengthLabelKeys[rule.variables.score] ?? 'passwordStrengthVerySecure')
        return (
          <li
            className="backoffice-password-rules__item"
            data-met={String(rule.met)}
            data-rule={rule.id}
            key={rule.id}
          >
            <span
              aria-hidden="true"
              className={
                rule.met
                  ? 'backoffice-password-rules__mark backoffice-password-rules__mark--met'
                  : 'backoffice-password-rules__mark'
              }
            >
              {rule.met ? '✓' : '○'}
            </span>
            <span>
              {t(rule.labelKey, { ...rule.variables, strength })}
              {rule.id === 'characterClasses'
                ? ` (${t('passwordRuleCharacterClassesHint')})`
                : null}
              <span className="backoffice-visually-hidden">
                {`: ${rule.met ? t('passwordRuleMet') : t('passwordRuleNotMet')}`}
              </span>
            </span>
          </li>
        )
      })}
    </ul>
  )
}
