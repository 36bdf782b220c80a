'use client'

import { Button, useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useEffect, useRef, useState } from 'react'

import { callBackoffice } from '../../../shared/components/client/backofficeFetch.js'
import { toastError } from '../../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { useHydrated } from '../../../shared/components/client/useHydrated.js'
import { useSudoConfirmation } from '../../sudo/components/sudoConfirmation.js'
import '../../../shared/components/backoffice.css'
import '../lib/twoFactorStyles.css'
import { RecoveryCodesSheet } from './RecoveryCodesSheet.js'

type Props = {
  /** Named in the downloaded file, so a sheet of codes says whose it is. */
  accountName: string
  apiRoute: string
  /**
   * Codes the server issued a moment ago with the account's first passkey: shown at once, this once;
   * `onIssuedShown` is called when the person closes them.
   */
  issued?: null | string[]
  onIssuedShown?: () => void
  remaining: number
  serverURL: string
  total: number
  usersCollection: string
}

type Phase = 'closed' | 'confirm' | 'generating' | 'shown'

/**
 * The recovery codes on the account page: how many remain, and "Generate new recovery codes", which
 * first warns that the old ones stop working, opens the page's "Confirm it's you" dialog when the
 * session's proof is stale (sudo mode), then shows the new codes this once, with Copy, Download (.txt) and "I have saved
 * these codes", which closes the panel (`RecoveryCodesSheet`; enrolment shows its codes itself). Not a
 * `<form>`: it sits inside the account's own form; every button is `type="button"`.
 */
export const RecoveryCodesPanel = ({
  accountName,
  apiRoute,
  issued = null,
  onIssuedShown,
  remaining: initialRemaining,
  serverURL,
  total: initialTotal,
  usersCollection,
}: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const [phase, setPhase] = useState<Phase>(issued ? 'shown' : 'closed')
  const [count, setCount] = useState({ remaining: initialRemaining, total: initialTotal })
  const [codes, setCodes] = useState<string[]>(issued ?? [])
  const confirmIt = useSudoConfirmation()
  const generateButton = useRef<HTMLAnchorElement | HTMLButtonElement>(null)
  // The server's HTML shows before this code has loaded: its buttons wait, disabled, until it has.
  const hydrated = useHydrated()

  // The control the person acts on next takes the focus (never a paragraph, which a keyboard-less
  // focus would ring in black): the warning is read out as its description. The sheet of codes
  // focuses its own first button.
  useEffect(() => {
    if (hydrated && phase === 'confirm') {
      generateButton.current?.focus()
    }
  }, [hydrated, phase])

  const close = () => {
    setCodes([])
    setPhase('closed')
    onIssuedShown?.()
  }

  const generate = async (): Promise<void> => {
    setPhase('generating')
    const answer = await callBackoffice(
      formatAdminURL({ apiRoute, path: `/${usersCollection}/mfa/recovery-codes`, serverURL }),
      { language: i18n.language, method: 'POST', t },
    )
    const body = answer.body as { codes?: unknown; remaining?: number; total?: number } | null
    if (answer.ok && Array.isArray(body?.codes)) {
      // Shown in place, which says what happened: no toast over it.
      setCodes(body.codes.filter((code): code is string => typeof code === 'string'))
      setCount({ remaining: body.remaining ?? 0, total: body.total ?? 0 })
      setPhase('shown')
    } else if (answer.code === 'REAUTHENTICATION_REQUIRED' && confirmIt) {
      setPhase('confirm')
      if (await confirmIt()) {
        await generate()
      }
    } else {
      toastError(answer.message ?? t('loginBackendProblem', { status: String(answer.status) }))
      setPhase('confirm')
    }
  }

  return (
    <section
      aria-busy={!hydrated || phase === 'generating'}
      aria-labelledby="backoffice-recovery-codes-heading"
      className="backoffice-recovery-codes backoffice-section"
    >
      <h3 dir="auto" id="backoffice-recovery-codes-heading">
        {t('recoveryCodesHeading')}
      </h3>
      <p dir="auto">{t('recoveryCodesIntro')}</p>
      {/* One message at a time: while the codes or the offer are shown, they say it all. */}
      <p
        aria-live="polite"
        dir="auto"
        hidden={phase !== 'closed'}
        id="backoffice-recovery-codes-status"
      >
        {count.remaining > 0
          ? t('recoveryCodesRemaining', { remaining: count.remaining, total: count.total })
          : t('recoveryCodesNone')}
      </p>
      {phase === 'closed' && (
        <Button
          buttonStyle="secondary"
          disabled={!hydrated}
          id="backoffice-recovery-codes-open"
          onClick={() => setPhase('confirm')}
          size="small"
          type="button"
        >
          {t(count.total > 0 ? 'recoveryCodesGenerate' : 'recoveryCodesGenerateFirst')}
        </Button>
      )}
      {(phase === 'confirm' || phase === 'generating') && (
        <div className="backoffice-field-stack">
          <p dir="auto" id="backoffice-recovery-codes-warning">
            {count.total > 0
              ? t('recoveryCodesReplaceWarning')
              : t('recoveryCodesFirstExplanation')}
          </p>
          <div className="backoffice-two-factor-row">
            <Button
              aria-describedby="backoffice-recovery-codes-warning"
              disabled={!hydrated || phase === 'generating'}
              id="backoffice-recovery-codes-generate"
              onClick={() => void generate()}
              ref={generateButton}
              size="small"
              type="button"
            >
              {phase === 'generating' ? t('recoveryCodesGenerating') : t('recoveryCodesConfirm')}
            </Button>
            <Button
              buttonStyle="secondary"
              disabled={!hydrated || phase === 'generating'}
              onClick={close}
              size="small"
              type="button"
            >
              {t('recoveryCodesCancel')}
            </Button>
          </div>
        </div>
      )}
      {phase === 'shown' && (
        <RecoveryCodesSheet accountName={accountName} codes={codes} onSaved={close} />
      )}
    </section>
  )
}
