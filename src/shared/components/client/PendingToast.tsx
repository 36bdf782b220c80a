'use client'

import type { ReactNode } from 'react'

import { toast } from '@payloadcms/ui'
import { useEffect } from 'react'

const storageKey = 'payload-backoffice:pending-toast'

/**
 * How a completed sign-in goes on: a full navigation to `target`, so the server renders the admin
 * with the new session cookie, and `message`, when given, shown as a success toast on the page it
 * lands on (the navigation unloads this page with its toasts).
 */
export const continueSignedIn = (target: string, message?: string) => {
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
 * Around the admin: shows the toast `continueSignedIn` left for this page, as Payload's edit view
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
