'use client'

import { toast } from '@payloadcms/ui'

/**
 * An error toast whose sentence keeps its own direction inside a mirrored (right-to-left) admin:
 * the plugin's English sentences, with the wait, email or code they carry, would otherwise have
 * their full stop and numbers moved to the wrong end of the line by the Unicode Bidirectional
 * Algorithm (UAX #9). `dir="auto"` takes the direction from the sentence's first strong letter, so
 * a translated right-to-left sentence still reads right to left (WCAG 2.2 1.3.2 Meaningful Sequence).
 */
export const toastError = (message: string): void => {
  toast.error(<div dir="auto">{message}</div>)
}
