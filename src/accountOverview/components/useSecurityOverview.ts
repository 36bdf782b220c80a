'use client'

import { useConfig, useDocumentInfo, useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useCallback, useEffect, useState } from 'react'

import type { SecurityOverview } from '../securityOverviewEndpoint.js'

import { callBackoffice } from '../../components/client/backofficeFetch.js'
import { postAdminAction } from '../../components/client/postAdminAction.js'
import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'

/**
 * The security overview of the account whose page is open, and Unblock. `hidden` when the server
 * refuses the viewer (not an administrator): there is nothing to show them. After Unblock the
 * overview is read again, so the panel changes in place.
 */
export const useSecurityOverview = ({
  shown,
  usersCollection,
}: {
  shown: boolean
  usersCollection: string
}) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const { id } = useDocumentInfo()
  const {
    config: {
      routes: { api: apiRoute },
      serverURL,
    },
  } = useConfig()
  const [overview, setOverview] = useState<null | SecurityOverview>(null)
  const [status, setStatus] = useState<'failed' | 'hidden' | 'loading' | 'ready'>('loading')
  const [unblocking, setUnblocking] = useState(false)

  const url = useCallback(
    (action: string) =>
      formatAdminURL({
        apiRoute,
        path: `/${usersCollection}/${encodeURIComponent(String(id))}/${action}`,
        serverURL,
      }),
    [apiRoute, id, serverURL, usersCollection],
  )

  const load = useCallback(async () => {
    if (!shown) {
      return
    }
    const answer = await callBackoffice(url('security-overview'), {
      cache: 'no-store',
      language: i18n.language,
      t,
    })
    if (answer.status === 403) {
      setStatus('hidden')
      return
    }
    if (!answer.ok || answer.body === null) {
      setStatus('failed')
      return
    }
    setOverview(answer.body as SecurityOverview)
    setStatus('ready')
  }, [shown, url, i18n.language, t])

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- false positive: every setState in load follows an await (react/react#34905)
    void load()
  }, [load])

  const unblock = async () => {
    setUnblocking(true)
    const done = await postAdminAction(url('unblock'), {
      fallbackMessage: t('unblockAccountSuccess'),
      language: i18n.language,
      t,
    })
    // Read again either way: a refusal (already active) also means the panel was out of date.
    await load()
    setUnblocking(false)
    return done
  }

  return { overview, status, unblock, unblocking }
}
