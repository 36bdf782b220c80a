'use client'

import React, { useEffect } from 'react'

/**
 * The swap, edit-fields and remove buttons of relationship and upload blocks inside a read-only Slate
 * field. Payload 3.90's Slate disables them only for `admin.readOnly` fields; in a trashed document,
 * or for a user without update access, they stayed live and removed or swapped blocks on screen.
 */
const liveBlockActions =
  '.rich-text--read-only :is(.rich-text-relationship__actions, .rich-text-upload__actions) button:not([disabled])'

/** Disables those buttons (and takes them out of the tab order) wherever they appear. */
export const ReadOnlyRichTextBlocks = ({ children }: { children?: React.ReactNode }) => {
  useEffect(() => {
    let scheduled = 0
    const lock = () => {
      scheduled = 0
      for (const button of document.querySelectorAll<HTMLButtonElement>(liveBlockActions)) {
        button.disabled = true
        button.tabIndex = -1
      }
    }
    // Blocks mount as the editor renders and re-renders; one check per frame is enough.
    const observer = new MutationObserver(() => {
      scheduled ||= requestAnimationFrame(lock)
    })
    observer.observe(document.body, { childList: true, subtree: true })
    lock()
    return () => {
      observer.disconnect()
      cancelAnimationFrame(scheduled)
    }
  }, [])
  return <>{children}</>
}
