'use client'

import { useAuth, useTranslation } from '@payloadcms/ui'
import { useEffect, useRef, useState } from 'react'

import { callBackoffice, unanswered } from '../../../shared/components/client/backofficeFetch.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'

/** What the invitation endpoint tells the page: the address and the profile fields to offer. */
export type Invitation = {
  data: Record<string, unknown>
  email: string
  expiresAt: null | string
  fields: string[]
}

export type InvitationLoad =
  | { kind: 'failed'; message: string }
  | { invitation: Invitation; kind: 'ready' }
  | { kind: 'invalid' }
  | { kind: 'loading' }

/**
 * Opens the invitation page: first signs out whoever is signed in in this browser (the page is for
 * the invitee; an administrator testing their own link must not end up acting as the invitee while
 * still holding their session), then asks what the link is for, without using it up.
 */
export const useInvitation = ({
  api,
  signedIn,
  token,
}: {
  api: string
  signedIn: boolean
  token: string
}) => {
  const { logOut, user } = useAuth()
  const { i18n } = useTranslation()
  const t = useBackofficeTranslation()
  const [load, setLoad] = useState<InvitationLoad>({ kind: 'loading' })
  const started = useRef(false)

  useEffect(() => {
    if (started.current) {
      return
    }
    started.current = true
    const open = async () => {
      if (user) {
        // Payload's own sign-out, which also forgets the user in the admin's state.
        await logOut()
      } else if (signedIn) {
        const loggedOut = await callBackoffice(`${api}/logout`, {
          language: i18n.language,
          method: 'POST',
          t,
        })
        if (unanswered(loggedOut)) {
          setLoad({ kind: 'failed', message: loggedOut.message })
          return
        }
      }
      const answer = await callBackoffice(`${api}/invitation?token=${encodeURIComponent(token)}`, {
        cache: 'no-store',
        language: i18n.language,
        t,
      })
      if (unanswered(answer)) {
        setLoad({ kind: 'failed', message: answer.message })
      } else if (answer.ok && answer.body !== null) {
        setLoad({ invitation: answer.body as Invitation, kind: 'ready' })
      } else {
        setLoad({ kind: 'invalid' })
      }
    }
    void open()
  }, [api, i18n.language, logOut, signedIn, t, token, user])

  return { load, setLoad }
}
