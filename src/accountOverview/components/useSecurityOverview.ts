'use client'

import { useConfig, useDocumentInfo, useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useCallback, useState } from 'react'

import type { SecurityOverview } from '../securityOverviewEndpoint.js'

import { postAdminAction } from '../../components/client/postAdminAction.js'
import { useAdminResource } from '../../components/client/useAdminResource.js'
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

  const {
    data: overview,
    reload: load,
    status,
  } = useAdminResource<SecurityOverview>(url('security-overview'), shown)

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

  return { overview, reload: load, status, unblock, unblocking, url }
}
