'use client'

import { toast } from '@payloadcms/ui'

type Answer = { errors?: { message?: string }[]; message?: string }

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
    headers = {},
  }: { body?: unknown; fallbackMessage: string; headers?: Record<string, string> },
): Promise<null | string> => {
  try {
    const response = await fetch(url, {
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      method: 'POST',
    })
    const answer = (await response.json().catch(() => ({}))) as Answer
    if (response.ok) {
      const message = answer.message ?? fallbackMessage
      toast.success(message)
      return message
    }
    toast.error(answer.errors?.[0]?.message ?? String(response.status))
  } catch (error) {
    toast.error(error instanceof Error ? error.message : String(error))
  }
  return null
}
