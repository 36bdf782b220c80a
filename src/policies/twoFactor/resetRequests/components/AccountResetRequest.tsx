'use client'

import { Button, toast } from '@payloadcms/ui'
import { useState } from 'react'

import { toastError } from '../../../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../../../shared/components/client/useBackofficeTranslation.js'
import { useHydrated } from '../../../../shared/components/client/useHydrated.js'
import { useSudoConfirmation } from '../../../sudo/components/sudoConfirmation.js'
import '../../lib/twoFactorStyles.css'
import { ResetReasonInput } from './ResetReasonInput.js'
import { useResetRequestSender } from './useResetRequestSender.js'

type Props = {
  apiRoute: string
  serverURL: string
  usersCollection: string
}

/**
 * On the account page of someone whose second factor is on (a lost phone while a trusted device or a
 * recovery code still lets them in): the same administrator-reviewed request as under the code
 * prompt. Not a `<form>`: it sits inside the account's own form, whose submit would save the
 * account. Removing the second factor is a sensitive change, so a stale session confirms it's them in
 * the page's dialog first (sudo mode, OWASP ASVS 5.0 V7.5) and the request is sent again once it is.
 */
export const AccountResetRequest = ({ apiRoute, serverURL, usersCollection }: Props) => {
  const t = useBackofficeTranslation()
  const { error, reason, send, sending, setReason, trimmed } = useResetRequestSender({
    apiRoute,
    serverURL,
    usersCollection,
  })
  const [sent, setSent] = useState(false)
  const confirmIt = useSudoConfirmation()
  // The server's HTML shows before this code has loaded: the form waits, disabled, until it has.
  const hydrated = useHydrated()

  const submit = async (): Promise<void> => {
    const answer = await send()
    if (!answer) {
      return
    }
    if (answer.ok) {
      setSent(true)
      toast.success(t('twoFactorResetRequestedToast'))
    } else if (answer.code === 'REAUTHENTICATION_REQUIRED' && confirmIt) {
      if (await confirmIt()) {
        await submit()
      }
    } else if (answer.failure) {
      toastError(answer.failure)
    }
  }

  return (
    <div
      aria-labelledby="backoffice-reset-request-heading"
      className="backoffice-reset-request"
      role="group"
    >
      <h4 dir="auto" id="backoffice-reset-request-heading">
        {t('twoFactorResetAccountHeading')}
      </h4>
      {/* The toasts are announced; these stay on the page after them, so they are not live regions. */}
      {sent ? (
        <p className="backoffice-reset-request__sent">{t('twoFactorResetRequested')}</p>
      ) : (
        <div
          aria-busy={!hydrated || sending}
          className="backoffice-two-factor-column backoffice-two-factor-column--start"
        >
          <p>{t('twoFactorResetAccountIntro')}</p>
          <ResetReasonInput onChange={setReason} readOnly={!hydrated || sending} value={reason} />
          {error ? <p className="backoffice-reset-request__error">{error}</p> : null}
          <div>
            <Button
              buttonStyle="secondary"
              disabled={!hydrated || sending || trimmed === ''}
              onClick={() => void submit()}
              type="button"
            >
              {sending ? t('twoFactorResetSubmitting') : t('twoFactorResetAccountSubmit')}
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}
