'use client'

import { useTranslation } from '@payloadcms/ui'

import { useBackofficeTranslation } from './useBackofficeTranslation.js'

type Props = {
  /** The id of the text that explains the field, for screen readers. */
  'aria-describedby'?: string
  autoFocus?: boolean
  /** The input's own class, beside Payload's field markup around it. */
  className?: string
  onChange: (email: string) => void
  value: string
}

/**
 * The required email field of the sign-in and forgot-password forms, in Payload's field markup (so it
 * looks like the admin's own fields): `#field-email`, labelled "Email", with an example address.
 */
export const EmailAddressField = ({
  'aria-describedby': describedBy,
  autoFocus,
  className,
  onChange,
  value,
}: Props) => {
  const { t: payloadT } = useTranslation()
  const t = useBackofficeTranslation()
  return (
    <div className="field-type email">
      <label className="field-label" htmlFor="field-email">
        {payloadT('general:email')}
        <span className="required">*</span>
      </label>
      <div className="field-type__wrap">
        <input
          aria-describedby={describedBy}
          autoComplete="email"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only a page with this one field to fill asks for it
          autoFocus={autoFocus}
          className={className}
          id="field-email"
          name="email"
          onChange={(event) => onChange(event.target.value)}
          placeholder={t('loginEmailPlaceholder')}
          required
          type="email"
          value={value}
        />
      </div>
    </div>
  )
}
