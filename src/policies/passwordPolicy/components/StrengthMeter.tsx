'use client'

import type { PasswordEvaluation } from '../evaluatePassword.js'
import type { StrengthFeedback } from './useStrengthScore.js'

import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { strengthLabelKeys } from '../strengthLabels.js'
import './StrengthMeter.css'

// The modifier of each score's filled segments (their colour is in StrengthMeter.css), in score order.
const segmentModifiers = ['very-weak', 'weak', 'okay', 'secure', 'very-secure']

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
  const filled = `backoffice-strength-meter__segment--${segmentModifiers[Math.max(meterSegments - 1, 0)]}`
  const items = feedback ? [feedback.warning, ...feedback.suggestions].filter(Boolean) : []
  return (
    <div className="backoffice-strength-meter">
      <div className="backoffice-strength-meter__row">
        <div
          aria-label={t('passwordStrengthLabel')}
          aria-valuemax={5}
          aria-valuemin={0}
          aria-valuenow={meterSegments}
          aria-valuetext={word}
          className="backoffice-strength-meter__meter"
          data-filled={meterSegments}
          data-password-meter=""
          role="meter"
        >
          {[1, 2, 3, 4, 5].map((segment) => (
            <span
              aria-hidden="true"
              className={
                segment <= meterSegments
                  ? `backoffice-strength-meter__segment ${filled}`
                  : 'backoffice-strength-meter__segment'
              }
              key={segment}
            />
          ))}
        </div>
        <span aria-live="polite" className="backoffice-strength-meter__word" dir="auto" id={id}>
          {t('passwordStrengthLabel')}: {word}
        </span>
      </div>
      {/* On the page before any feedback, so that screen readers announce what arrives in it. */}
      <ul
        aria-live="polite"
        className="backoffice-strength-meter__feedback"
        data-password-feedback={items.length}
        id={`${id}-feedback`}
      >
        {feedback?.warning ? (
          <li
            className="backoffice-strength-meter__feedback-item backoffice-strength-meter__feedback-item--warning"
            data-password-warning=""
            dir="auto"
          >
            {feedback.warning}
          </li>
        ) : null}
        {feedback?.suggestions.map((suggestion) => (
          <li
            className="backoffice-strength-meter__feedback-item"
            data-password-suggestion=""
            dir="auto"
            key={suggestion}
          >
            {suggestion}
          </li>
        ))}
      </ul>
    </div>
  )
}
