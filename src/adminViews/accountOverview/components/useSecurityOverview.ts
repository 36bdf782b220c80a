'use client'

import { toast, useConfig, useDocumentInfo, useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useCallback } from 'react'

import type { SecurityOverview } from '../securityOverviewEndpoint.js'

import { callBackoffice } from '../../../shared/components/client/backofficeFetch.js'
import { toastError } from '../../../shared/components/client/toastError.js'
import { useAdminResource } from '../../../shared/components/client/useAdminResource.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'

/** How an action of the panel ended: `needsProof` when the server asks for sudo mode first. */
export type ActionOutcome = 'done' | 'failed' | 'needsProof'

/**
 * The security overview of the account whose page is open, and the panel's actions. `hidden` when
 * the server refuses the viewer (not an administrator): there is nothing to show them. After an
 * action the overview is read again, done or refused (a refusal such as "already suspended" also
 * means the panel was out of date), so the panel changes in place.
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

  /** `/api/<users>/<path>`; `path` is already encoded. */
  const usersURL = useCallback(
    (path: string) => formatAdminURL({ apiRoute, path: `/${usersCollection}/${path}`, serverURL }),
    [apiRoute, serverURL, usersCollection],
  )
  const url = useCallback(
    (action: string) => usersURL(`${encodeURIComponent(String(id))}/${action}`),
    [id, usersURL],
  )

  const {
    data: overview,
    reload: load,
    status,
  } = useAdminResource<SecurityOverview>(url('security-overview'), shown)

  const act = async (target: string, fallbackMessage: string): Promise<ActionOutcome> => {
    const answer = await callBackoffice(target, { language: i18n.language, method: 'POST', t })
    if (answer.code === 'REAUTHENTICATION_REQUIRED') {
      return 'needsProof'
    }
    if (answer.ok) {
      toast.success((answer.body as { message?: string } | null)?.message ?? fallbackMessage)
    } else {
      toastError(answer.message ?? t('loginBackendProblem', { status: String(answer.status) }))
    }
    await load()
    return answer.ok ? 'done' : 'failed'
  }

  return { act, apiRoute, overview, reload: load, serverURL, status, url, usersURL }
}
