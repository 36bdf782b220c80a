'use client'

import { toast, useAuth, useTranslation } from '@payloadcms/ui'
import { useRouter } from 'next/navigation.js'
import { useEffect, useRef } from 'react'

/**
 * Signs out once on arrival (Payload's `logOut`: the session ends on the server and its cookie goes),
 * says so, then goes to the provider's end-session endpoint when there is one, else to the login page.
 */
export const SignOut = ({
  endSessionUrl,
  loginRoute,
}: {
  endSessionUrl: null | string
  loginRoute: string
}) => {
  const { logOut } = useAuth()
  const { t } = useTranslation()
  const router = useRouter()
  const started = useRef(false)

  useEffect(() => {
    if (started.current) {
      return
    }
    started.current = true
    void (async () => {
      await logOut()
      toast.success(t('authentication:loggedOutSuccessfully'))
      if (endSessionUrl) {
        window.location.assign(endSessionUrl)
      } else {
        router.push(loginRoute)
      }
    })()
  }, [endSessionUrl, loginRoute, logOut, router, t])

  return (
    <p aria-live="polite" className="logout">
      {t('authentication:loggingOut')}
    </p>
  )
}
