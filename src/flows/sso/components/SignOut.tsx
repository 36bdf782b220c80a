'use client'

import { useTranslation } from '@payloadcms/ui'
import { useEffect, useRef } from 'react'

/**
 * Signs out once on arrival: one `POST /api/{users}/logout` ends the session on the server and its
 * cookie goes, then the browser loads the provider's end-session endpoint when there is one, else the
 * login page.
 *
 * Not Payload's `logOut()`: it empties the admin's user first, and while the user fetch Payload's
 * AuthProvider starts on mount is still out, the provider renders nothing (`!user &&
 * !fetchedUserOnMount`). Opened directly, this page was unmounted, then mounted again with the user
 * that fetch returned, and a second instance sent a second logout (answered 400 once the session was
 * gone). Here the user stays in memory until the page is left, so nothing unmounts; the full page load
 * that follows also drops the router's in-memory copies of the signed-in pages.
 */
export const SignOut = ({
  endSessionUrl,
  loginRoute,
  logoutUrl,
}: {
  endSessionUrl: null | string
  loginRoute: string
  logoutUrl: string
}) => {
  const { t } = useTranslation()
  const started = useRef(false)

  useEffect(() => {
    if (started.current) {
      return
    }
    started.current = true
    void (async () => {
      // As Payload's `logOut`: a failure (offline) still leaves; the login page then shows whether
      // the session is still there.
      await fetch(logoutUrl, { credentials: 'include', method: 'POST' }).catch(() => undefined)
      window.location.assign(endSessionUrl ?? loginRoute)
    })()
  }, [endSessionUrl, loginRoute, logoutUrl])

  return (
    <p aria-live="polite" className="logout">
      {t('authentication:loggingOut')}
    </p>
  )
}
