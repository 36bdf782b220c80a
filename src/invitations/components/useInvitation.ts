'use client'

import { useAuth, useTranslation } from '@payloadcms/ui'
import { useEffect, useRef, useState } from 'react'

/** What the invitation endpoint tells the page: the address and the profile fields to offer. */
export type Invitation = {
  data: Record<string, unknown>
  email: string
  expiresAt: null | string
  fields: string[]
}

export type InvitationLoad =
  | { error: unknown; kind: 'failed' }
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
  const [load, setLoad] = useState<InvitationLoad>({ kind: 'loading' })
  const started = useRef(false)

  useEffect(() => {
    if (started.current) {
      return
    }
    started.current = true
    const open = async () => {
      try {
        if (user) {
          await logOut()
        } else if (signedIn) {
          await fetch(`${api}/logout`, { credentials: 'include', method: 'POST' })
        }
        const response = await fetch(`${api}/invitation?token=${encodeURIComponent(token)}`, {
          cache: 'no-store',
          credentials: 'include',
          headers: { 'Accept-Language': i18n.language },
        })
        setLoad(
          response.ok
            ? { invitation: (await response.json()) as Invitation, kind: 'ready' }
            : { kind: 'invalid' },
        )
      } catch (error) {
        setLoad({ error, kind: 'failed' })
      }
    }
    void open()
  }, [api, i18n.language, logOut, signedIn, token, user])

  return { load, setLoad }
}
