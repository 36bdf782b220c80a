'use client'

import { useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useState } from 'react'

import { callBackoffice, unanswered } from '../../../../shared/components/client/backofficeFetch.js'
import { useBackofficeTranslation } from '../../../../shared/components/client/useBackofficeTranslation.js'
import { resetRequestLimits } from '../constants.js'

type Where = { apiRoute: string; serverURL: string; usersCollection: string }

/**
 * The reason of a reset request and its sending, shared by the code prompt's widget and the account
 * page: the reason is cut at 500 characters as typed, an empty one is refused before any request,
 * and a failure leaves its text in `error`: the server's message (a catalogue refusal, in the
 * admin's language), "Failed to submit 2FA reset request" for an answer without one, or "An error
 * occurred while submitting your request" when no answer came at all. A refusal for want of a fresh
 * password (`REAUTHENTICATION_REQUIRED`) is left to the caller, which can ask for it.
 */
export const useResetRequestSender = ({ apiRoute, serverURL, usersCollection }: Where) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const [reason, setReasonText] = useState('')
  const [error, setError] = useState<null | string>(null)
  const [sending, setSending] = useState(false)
  const trimmed = reason.trim()

  /**
   * How it went: `ok`, or the refusal's `code` and its `failure` text (also left in `error`); null
   * when nothing was sent (already sending, or no reason).
   */
  const send = async (): Promise<{
    code: string | undefined
    failure: null | string
    ok: boolean
  } | null> => {
    if (sending) {
      return null
    }
    if (trimmed === '') {
      setError(t('errorResetReasonRequired'))
      return null
    }
    setSending(true)
    setError(null)
    const answer = await callBackoffice(
      formatAdminURL({ apiRoute, path: `/${usersCollection}/mfa/totp/request-reset`, serverURL }),
      { body: { reason: trimmed }, language: i18n.language, t },
    )
    setSending(false)
    const failure =
      answer.ok || answer.code === 'REAUTHENTICATION_REQUIRED'
        ? null
        : unanswered(answer)
          ? t('twoFactorResetNetworkError')
          : (answer.message ?? t('twoFactorResetFailed'))
    setError(failure)
    return { code: answer.code, failure, ok: answer.ok }
  }

  return {
    error,
    reason,
    send,
    sending,
    // Payload's textarea takes no maxLength: the limit is kept here (and by the server).
    setReason: (value: string) => setReasonText(value.slice(0, resetRequestLimits.reasonMaxLength)),
    trimmed,
  }
}
