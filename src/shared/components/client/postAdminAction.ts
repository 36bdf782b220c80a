'use client'

import { toast } from '@payloadcms/ui'

import { callBackoffice, type CallOptions } from './backofficeFetch.js'
import { toastError } from './toastError.js'

/**
 * Sends an administrator's action from a document page (unblock, resend an invitation, answer a reset
 * request) to one of the plugin's endpoints and toasts the outcome: the server's own message, or
 * `fallbackMessage` when it gives none. Returns the success message, or null when it failed.
 */
export const postAdminAction = async (
  url: string,
  {
    body,
    fallbackMessage,
    language,
    t,
  }: {
    body?: unknown
    fallbackMessage: string
    language: string
    t: CallOptions['t']
  },
): Promise<null | string> => {
  const answer = await callBackoffice(url, { body, language, method: 'POST', t })
  if (answer.ok) {
    const message = (answer.body as { message?: string } | null)?.message ?? fallbackMessage
    toast.success(message)
    return message
  }
  toastError(answer.message ?? String(answer.status))
  return null
}
