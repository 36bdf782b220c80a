'use client'

import {
  type InterruptedUpload,
  interruptedUploadKey,
  readInterruptedUpload,
} from '../lib/interruptedUpload.js'

/**
 * The tab's `sessionStorage`, or null where the browser refuses it (storage turned off, some
 * private modes throw a SecurityError on access): the modal then uploads without a resume offer.
 * Why the tab's and not `localStorage`: see `InterruptedUpload`.
 */
const tabStorage = (): null | Storage => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

/** The upload of the video plugin at `base` this tab remembers, if any. */
export const recallInterruptedUpload = (base: string): InterruptedUpload | null => {
  try {
    return readInterruptedUpload(tabStorage()?.getItem(interruptedUploadKey(base)) ?? null)
  } catch {
    return null
  }
}

/** Remembers a running upload; a full storage only costs the resume offer. */
export const rememberUpload = (base: string, upload: InterruptedUpload): void => {
  try {
    tabStorage()?.setItem(interruptedUploadKey(base), JSON.stringify(upload))
  } catch {
    // QuotaExceededError: the upload goes on, it just cannot be resumed after a reload.
  }
}

export const forgetUpload = (base: string): void => {
  try {
    tabStorage()?.removeItem(interruptedUploadKey(base))
  } catch {
    // Nothing could be stored either.
  }
}
