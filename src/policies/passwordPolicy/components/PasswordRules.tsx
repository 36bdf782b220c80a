'use client'

import type { CSSProperties } from 'react'

import type { PasswordRuleResult } from '../evaluatePassword.js'

import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { strengthLabelKeys } from '../strengthLabels.js'
import { visuallyHidden } from './visuallyHidden.js'

// Logical properties only, so the marks sit at the start of each line in right-to-left languages.
const styles = {
  item: { alignItems: 'baseline', display: 'flex', gap: 'calc(var(--base) / 3)' },
  list: {
    display: 'grid',
    gap: 'calc(var(--base) / 6)',
    listStyle: 'none',
    marginBlock: 'calc(var(--base) / 2) 0',
    paddingInlineStart: 0,
  },
  met: { color: 'var(--theme-success-500)', fontWeight: 700 },
  unmet: { color: 'var(--theme-elevation-400)', fontWeight: 700 },
} satisfies Record<string, CSSProperties>

/**
 * The live rules checklist: one item per rule, a visible mark and, for screen readers, the words
 * "met" or "not met". Its `data-rule`/`data-met` attributes are what browser tests read.
 */
export const PasswordRules = ({ id, rules }: { id: string; rules: PasswordRuleResult[] }) => {
  const t = useBackofficeTranslation()
  return (
    <ul aria-label={t('passwordRulesLabel')} data-password-rules="" id={id} style={styles.list}>
      {rules.map((rule) => {
        const strength =
          rule.variables.score === undefined
            ? ''
            : t(strengthLabelKeys[rule.variables.score] ?? 'passwordStrengthVerySecure')
        return (
          <li data-met={String(rule.met)} data-rule={rule.id} key={rule.id} style={styles.item}>
            <span aria-hidden="true" style={rule.met ? styles.met : styles.unmet}>
              {rule.met ? '✓' : '○'}
            </span>
            <span>
              {t(rule.labelKey, { ...rule.variables, strength })}
              {rule.id === 'characterClasses'
                ? ` (${t('passwordRuleCharacterClassesHint')})`
                : null}
              <span
                style={visuallyHidden}
              >{`: ${rule.met ? t('passwordRuleMet') : t('passwordRuleNotMet')}`}</span>
            </span>
          </li>
        )
      })}
    </ul>
  )
}
