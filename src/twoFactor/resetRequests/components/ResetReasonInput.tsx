'use client'

import { TextareaInput } from '@payloadcms/ui'

import { useBackofficeTranslation } from '../../../components/client/useBackofficeTranslation.js'
import { resetRequestLimits } from '../constants.js'

type Props = { onChange: (value: string) => void; readOnly: boolean; value: string }

/** The reason of a reset request, with its "x/500 characters" counter. */
export const ResetReasonInput = ({ onChange, readOnly, value }: Props) => {
  const t = useBackofficeTranslation()
  return (
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
      onChange={(event) => onChange(event.target.value)}
      path="backoffice-reset-reason"
      readOnly={readOnly}
      rows={4}
      value={value}
    />
  )
}
