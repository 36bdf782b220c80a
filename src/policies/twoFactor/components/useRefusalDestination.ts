'use client'

import { usePathname, useRouter, useSearchParams } from 'next/navigation.js'

import type { BackofficeAnswer } from '../../../shared/components/client/backofficeFetch.js'

import { localPath, withRedirect } from '../../../shared/components/client/loginOutcome.js'
import { toastError } from '../../../shared/components/client/toastError.js'

/**
 * For a sign-in's code steps: after a refusal that names a `redirectTo` elsewhere (the challenge
 * expired: back to the password), goes there with the sign-in's `redirect`, saying why in a toast,
 * which outlives the page. A 401 or a 500 only says what went wrong, on this page.
 */
export const useRefusalDestination = () => {
  const router = useRouter()
  const pathname = usePathname()
  const redirect = useSearchParams().get('redirect')
  return ({ body, message, status }: BackofficeAnswer) => {
    const redirectTo = localPath((body as { redirectTo?: unknown } | null)?.redirectTo)
    if (status !== 401 && status !== 500 && redirectTo && redirectTo !== pathname) {
      if (message) {
        toastError(message)
      }
      router.push(withRedirect(redirectTo, redirect))
    }
  }
}
