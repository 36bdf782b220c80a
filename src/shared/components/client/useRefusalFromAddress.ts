'use client'

import { usePathname, useRouter, useSearchParams } from 'next/navigation.js'
import { useEffect } from 'react'

import { toastError } from './toastError.js'

/**
 * A refusal that came back in the address as `?errorMessage=CODE` (from a round trip through a
 * single sign-on provider): shown once as an error toast when `refusals` has a text for the code
 * (any other value is ignored, so a link cannot make the page say what it wants), then taken out of
 * the address. `refusals` null: another part of the page handles it.
 */
export const useRefusalFromAddress = (refusals: null | Record<string, string>) => {
  const pathname = usePathname()
  const router = useRouter()
  const searchParams = useSearchParams()
  useEffect(() => {
    const code = searchParams.get('errorMessage')
    if (!refusals || !code) {
      return
    }
    const text = Object.hasOwn(refusals, code) ? refusals[code] : undefined
    if (text) {
      toastError(text)
    }
    const rest = new URLSearchParams(searchParams.toString())
    rest.delete('errorMessage')
    router.replace(rest.size ? `${pathname}?${rest}` : pathname)
  }, [pathname, refusals, router, searchParams])
}
