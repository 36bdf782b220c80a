'use client'

import { useTranslation } from '@payloadcms/ui'
import { useCallback, useEffect, useState } from 'react'

import { callBackoffice } from './backofficeFetch.js'
import { useBackofficeTranslation } from './useBackofficeTranslation.js'

/** Where a resource read for the admin stands: `hidden` when the server refuses the viewer. */
export type AdminResourceStatus = 'failed' | 'hidden' | 'loading' | 'ready'

/**
 * A plugin endpoint's answer read for an admin panel, read again on `reload` (after an action changed
 * it). Nothing is asked while `shown` is false. A 403 means the viewer may not see it (someone
 * else's account, viewed by a non-administrator): `hidden`, with nothing to show them. Read with
 * `no-store`: what it shows (sessions, locks) changes from one moment to the next.
 */
export const useAdminResource = <T>(url: string, shown: boolean) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const [data, setData] = useState<null | T>(null)
  const [status, setStatus] = useState<AdminResourceStatus>('loading')

  const reload = useCallback(async () => {
    if (!shown) {
      return
    }
    const answer = await callBackoffice(url, { cache: 'no-store', language: i18n.language, t })
    if (answer.status === 403) {
      setStatus('hidden')
      return
    }
    if (!answer.ok || answer.body === null) {
      setStatus('failed')
      return
    }
    setData(answer.body as T)
    setStatus('ready')
  }, [shown, url, i18n.language, t])

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- false positive: every setState in reload follows an await (react/react#34905)
    void reload()
  }, [reload])

  return { data, reload, status }
}
