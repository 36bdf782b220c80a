'use client'

import type { CSSProperties } from 'react'

import { Button, toast, useConfig, useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useRouter } from 'next/navigation.js'
import { useState } from 'react'

import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'

type Props = {
  /** False when the plugin is turned off: the field stays (same schema) but shows nothing. */
  enabled?: boolean
  usersCollection?: string
}

// Logical properties only, so the panel mirrors in right-to-left languages.
const styles = {
  panel: {
    border: '1px solid var(--theme-error-500)',
    borderRadius: 'var(--style-radius-m)',
    marginBlock: 'var(--base)',
    padding: 'var(--base)',
    textAlign: 'start',
  },
} satisfies Record<string, CSSProperties>

/**
 * On a suspended account's page, for administrators (the Security group is theirs alone): what the
 * suspension means and an "Unblock account" button that lifts it.
 */
export const UnblockAccountField = ({ enabled = true, usersCollection = 'users' }: Props) => {
  const t = useBackofficeTranslation()
  const { config } = useConfig()
  const { id } = useDocumentInfo()
  const router = useRouter()
  const status = useFormFields(([fields]) => fields['security.status']?.value)
  const [busy, setBusy] = useState(false)

  if (!enabled || !id || status !== 'suspended') {
    return null
  }

  const unblock = async () => {
    setBusy(true)
    try {
      const response = await fetch(`${config.serverURL}${config.routes.api}/${usersCollection}/${id}/unblock`, {
        credentials: 'include',
        method: 'POST',
      })
      const body = (await response.json().catch(() => ({}))) as { errors?: { message?: string }[]; message?: string }
      if (response.ok) {
        toast.success(body.message ?? t('unblockAccountSuccess'))
        router.refresh()
      } else {
        toast.error(body.errors?.[0]?.message ?? String(response.status))
      }
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div role="region" aria-label={t('unblockAccount')} style={styles.panel}>
      <p>{t('unblockAccountDescription')}</p>
      <Button buttonStyle="secondary" disabled={busy} onClick={unblock} size="small">
        {t('unblockAccount')}
      </Button>
    </div>
  )
}
