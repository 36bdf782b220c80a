'use client'

import type { CSSProperties } from 'react'

import type { PasswordEvaluation } from '../evaluatePassword.js'
import type { StrengthFeedback } from './useStrengthScore.js'

import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { strengthLabelKeys } from '../strengthLabels.js'

// One colour per score, from Payload's theme: red for guessable, amber in between, green for secure.
const segmentColours = [
  'var(--theme-error-500)',
  'var(--theme-error-500)',
  'var(--theme-warning-650)',
  'var(--theme-success-500)',
  'var(--theme-success-650)',
]

// Logical properties only: the meter fills from the start side in right-to-left languages too.
const styles = {
  meter: { display: 'flex', flex: 1, gap: 'calc(var(--base) / 5)', minInlineSize: '8rem' },
  row: {
    alignItems: 'center',
    display: 'flex',
    flexWrap: 'wrap',
    gap: 'calc(var(--base) / 2)',
    marginBlockStart: 'calc(var(--base) / 2)',
  },
  segment: { blockSize: 6, borderRadius: 'var(--style-radius-s)', flex: 1 },
  feedback: {
    color: 'var(--theme-elevation-650)',
    margin: 0,
    marginBlockStart: 'calc(var(--base) / 4)',
    paddingInlineStart: 0,
  },
  suggestion: { listStyle: 'none' },
  warning: { color: 'var(--theme-error-650)', fontWeight: 600 },
  word: { color: 'var(--theme-elevation-650)', fontSize: '0.9em' },
} satisfies Record<string, CSSProperties>

type Props = {
  /** zxcvbn's feedback on the value: why it is weak, what would help; `null` shows none. */
  feedback: null | StrengthFeedback
  /** Id of the visible strength word (and, with `-feedback`, of the feedback), for `aria-describedby`. */
  id: string
  loading: boolean
  meterSegments: PasswordEvaluation['meterSegments']
  score: PasswordEvaluation['score']
}

/**
 * The five-segment strength meter: empty until the minimum length and character classes
 * are met, then score + 1 segments filled, with the strength's name beside it and as the meter's
 * accessible value; under it zxcvbn's own feedback (its warning, then its suggestions), read with
 * the strength word by screen readers (the same live region).
 */
export const StrengthMeter = ({ feedback, id, loading, meterSegments, score }: Props) => {
  const t = useBackofficeTranslation()
  const word =
    meterSegments > 0 && score !== null
      ? t(strengthLabelKeys[score])
      : loading
        ? t('passwordStrengthLoading')
        : t('passwordStrengthNotRated')
  const colour = segmentColours[Math.max(meterSegments - 1, 0)]
  const items = feedback ? [feedback.warning, ...feedback.suggestions].filter(Boolean) : []
  return (
    <div>
      <div style={styles.row}>
        <div
          aria-label={t('passwordStrengthLabel')}
          aria-valuemax={5}
          aria-valuemin={0}
          aria-valuenow={meterSegments}
          aria-valuetext={word}
          data-filled={meterSegments}
          data-password-meter=""
          role="meter"
          style={styles.meter}
        >
          {[1, 2, 3, 4, 5].map((segment) => (
            <span
              aria-hidden="true"
              key={segment}
              style={{
                ...styles.segment,
                background: segment <= meterSegments ? colour : 'var(--theme-elevation-150)',
              }}
            />
          ))}
        </div>
        <span aria-live="polite" dir="auto" id={id} style={styles.word}>
          {t('passwordStrengthLabel')}: {word}
        </span>
      </div>
      {/* On the page before any feedback, so that screen readers announce what arrives in it. */}
      <ul
        aria-live="polite"
        data-password-feedback={items.length}
        id={`${id}-feedback`}
        style={styles.feedback}
      >
        {feedback?.warning ? (
          <li
            data-password-warning=""
            dir="auto"
            style={{ ...styles.suggestion, ...styles.warning }}
          >
            {feedback.warning}
          </li>
        ) : null}
        {feedback?.suggestions.map((suggestion) => (
          <li data-password-suggestion="" dir="auto" key={suggestion} style={styles.suggestion}>
            {suggestion}
          </li>
        ))}
      </ul>
    </div>
  )
}
