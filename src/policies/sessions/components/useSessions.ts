'use client'

import { toast, useAuth, useConfig, useDocumentInfo, useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useCallback, useState } from 'react'

import type { SessionSummary } from '../endpoints/sessionSummary.js'

import { callBackoffice, unanswered } from '../../../shared/components/client/backofficeFetch.js'
import { toastError } from '../../../shared/components/client/toastError.js'
import { useAdminResource } from '../../../shared/components/client/useAdminResource.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'

type Listing = { canEndAll: boolean; docs: SessionSummary[] }

/**
 * The sessions of the account whose page is open, and ending them: one or, for administrators, all.
 * `status` is `hidden` for someone else's account viewed by a non-administrator (the server refuses
 * to list it). Ending the viewer's own current session signs them out, so the page moves to the
 * login screen.
 */
export const useSessions = ({
  enabled,
  ownOnly = false,
  usersCollection,
}: {
  enabled: boolean
  /** Only on the viewer's own account: someone else's sessions are shown elsewhere on their page. */
  ownOnly?: boolean
  usersCollection: string
}) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const { user } = useAuth()
  const { id, collectionSlug } = useDocumentInfo()
  const {
    config: {
      admin: { routes: adminRoutes },
      routes: { admin: adminRoute, api: apiRoute },
      serverURL,
    },
  } = useConfig()

  const [busy, setBusy] = useState<'all' | null | number | string>(null)

  const viewingOther = user ? String(user.id) !== String(id) : false
  const shown =
    enabled &&
    id !== undefined &&
    id !== null &&
    collectionSlug === usersCollection &&
    !(ownOnly && viewingOther)
  const api = useCallback(
    (path: `/${string}`) =>
      formatAdminURL({ apiRoute, path: `/${usersCollection}${path}`, serverURL }),
    [apiRoute, serverURL, usersCollection],
  )

  const {
    data: listing,
    reload: load,
    status,
  } = useAdminResource<Listing>(api(`/sessions?user=${encodeURIComponent(String(id))}`), shown)

  const signedOut = () => {
    window.location.assign(
      formatAdminURL({ adminRoute, path: adminRoutes.login as `/${string}`, serverURL }),
    )
  }

  const end = async (target: 'all' | SessionSummary) => {
    const key = target === 'all' ? 'all' : target.id
    setBusy(key)
    const path: `/${string}` =
      target === 'all'
        ? `/${encodeURIComponent(String(id))}/sessions/revoke-all`
        : `/sessions/${encodeURIComponent(String(target.id))}/revoke`
    const answer = await callBackoffice(api(path), { language: i18n.language, method: 'POST', t })
    const result = answer.body as { current: boolean; revoked: number } | null
    if (!answer.ok || result === null) {
      // The server's reason when it gave one; a request that got no answer only says it failed.
      toastError((!unanswered(answer) && answer.message) || t('sessionEndFailed'))
    } else if (result.current) {
      signedOut()
    } else {
      toast.success(
        target === 'all' ? t('sessionsEndedAll', { count: result.revoked }) : t('sessionEnded'),
      )
      await load()
    }
    setBusy(null)
  }

  return { busy, end, listing, shown, status, viewingOther }
}
