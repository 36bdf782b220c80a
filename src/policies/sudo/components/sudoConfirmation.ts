'use client'

import { createContext, useContext } from 'react'

/**
 * Asks the person to confirm it's them (sudo mode) in the page's one dialog; true once they did, false
 * when they closed it. Null outside `SudoDialogProvider`.
 */
export const SudoConfirmationContext = createContext<(() => Promise<boolean>) | null>(null)

/** The page's "Confirm it's you" dialog, for an action the server refused for want of a fresh proof. */
export const useSudoConfirmation = () => useContext(SudoConfirmationContext)
