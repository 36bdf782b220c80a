'use client'

import { useSyncExternalStore } from 'react'

const neverChanges = () => () => {}

/**
 * False in the server's HTML and until this component has hydrated, true from then on (and at once
 * when it first renders in the browser, after a client-side navigation). The plugin's components load
 * lazily, so the server's HTML of a section is on screen before its code: React drops a click on a
 * part of the page it has not hydrated yet. A button that only works once hydrated is shown disabled
 * (its section `aria-busy`) until then, a state assistive technology announces (WCAG 2.2 SC 4.1.2),
 * rather than swallowing the click; being the same button, it does not move when it turns on.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  )
