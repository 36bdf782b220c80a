'use client'

import type { CSSProperties } from 'react'

import { Button, useConfig, useDocumentInfo, useFormFields, useTranslation } from '@payloadcms/ui'
import { useRouter } from 'next/navigation.js'
import { useState } from 'react'

import { postAdminAction } from '../../components/client/postAdminAction.js'
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
  const { i18n } = useTranslation()
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
    const url = `${config.serverURL}${config.routes.api}/${usersCollection}/${id}/unblock`
    const unblocked = await postAdminAction(url, {
      fallbackMessage: t('unblockAccountSuccess'),
      language: i18n.language,
      t,
    })
    if (unblocked) {
      router.refresh()
    }
    setBusy(false)
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
