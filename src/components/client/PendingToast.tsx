'use client'

import type { ReactNode } from 'react'

import { toast } from '@payloadcms/ui'
import { useEffect } from 'react'

const storageKey = 'payload-backoffice:pending-toast'

/**
 * Goes to `target` with a full navigation and has `message` shown as a success toast on the page it
 * lands on. A full navigation unloads the page with its toasts; this is how a sign-in says what
 * happened while still letting the server render the admin with the new session cookie.
 */
export const navigateWithToast = (target: string, message?: string) => {
  if (message) {
    try {
      window.sessionStorage.setItem(storageKey, message)
    } catch {
      // Storage can be unavailable (private modes, quotas): the navigation matters more than the toast.
    }
  }
  window.location.assign(target)
}

const takePendingMessage = (): null | string => {
  try {
    const message = window.sessionStorage.getItem(storageKey)
    window.sessionStorage.removeItem(storageKey)
    return message
  } catch {
    return null
  }
}

/**
 * Around the admin: shows the toast `navigateWithToast` left for this page, as Payload's edit view
 * does after creating a document. Deferred by a task because Payload's toast container is mounted
 * after its providers and only shows toasts sent once it listens.
 */
export const PendingToast = ({ children }: { children?: ReactNode }) => {
  useEffect(() => {
    const timer = setTimeout(() => {
      const message = takePendingMessage()
      if (message) {
        toast.success(message)
      }
    })
    return () => clearTimeout(timer)
  }, [])
  return children
}
