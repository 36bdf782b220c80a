'use client'

import { TextareaInput } from '@payloadcms/ui'
import { useEffect, useRef } from 'react'

import { useBackofficeTranslation } from '../../../../shared/components/client/useBackofficeTranslation.js'
import { resetRequestLimits } from '../constants.js'

type Props = { onChange: (value: string) => void; readOnly: boolean; value: string }

/** Payload's id for the textarea of this path. */
const textareaId = 'field-backoffice-reset-reason'

/**
 * The reason of a reset request, with its "x/500 characters" counter. Its label, counter and the
 * reason as typed take their direction from their own text (`dir="auto"`): in a right-to-left admin,
 * an English label or reason would otherwise show its question mark or full stop at its start
 * (Unicode Bidirectional Algorithm, UAX #9).
 */
export const ResetReasonInput = ({ onChange, readOnly, value }: Props) => {
  const t = useBackofficeTranslation()
  const wrapper = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // Payload's textarea takes no `dir`; set on the element it rendered, once.
    wrapper.current?.querySelector('textarea')?.setAttribute('dir', 'auto')
  }, [])
  return (
    <div ref={wrapper}>
      <TextareaInput
        AfterInput={
          <small dir="auto" id="backoffice-reset-reason-count">
            {t('twoFactorResetCharacters', {
              count: value.length,
              max: resetRequestLimits.reasonMaxLength,
            })}
          </small>
        }
        label={t('twoFactorResetReasonLabel')}
        Label={
          <label className="field-label" dir="auto" htmlFor={textareaId}>
            {t('twoFactorResetReasonLabel')}
          </label>
        }
        onChange={(event) => onChange(event.target.value)}
        path="backoffice-reset-reason"
        readOnly={readOnly}
        rows={4}
        value={value}
      />
    </div>
  )
}
