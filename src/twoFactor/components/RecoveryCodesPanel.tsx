'use client'

import { Button, toast, useTranslation } from '@payloadcms/ui'
import { usePathname, useRouter, useSearchParams } from 'next/navigation.js'
import { formatAdminURL } from 'payload/shared'
import { useEffect, useRef, useState } from 'react'

import type { ProviderConfirmation } from '../../sudo/providerConfirmation.js'

import { callBackoffice } from '../../components/client/backofficeFetch.js'
import { localPath } from '../../components/client/loginOutcome.js'
import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'
import { ConfirmPasswordPrompt } from '../../sudo/components/ConfirmPasswordPrompt.js'
import { recoveryCodesOfferParameter } from '../constants.js'
import { twoFactorStyles as styles } from '../lib/twoFactorStyles.js'

type Props = {
  /** Named in the downloaded file, so a sheet of codes says whose it is. */
  accountName: string
  apiRoute: string
  /** How an account of a single sign-on provider confirms itself for sudo mode. */
  confirmation: null | ProviderConfirmation
  remaining: number
  serverURL: string
  total: number
  usersCollection: string
}

type Phase = 'closed' | 'confirm' | 'generating' | 'proof' | 'shown'

/**
 * The recovery codes on the account page: how many remain, and "Generate new recovery codes", which
 * first warns that the old ones stop working, asks for the password when the session's proof is
 * stale (sudo mode), then shows the new codes this once, with Copy, Download (.txt) and "I have saved
 * these codes", which closes the panel. Opened at once when enrolment sends the person here; when
 * that enrolment was part of a sign-in headed elsewhere (`redirect`), closing it goes on there. Not a
 * `<form>`: it sits inside the account's own form; every button is `type="button"`.
 */
export const RecoveryCodesPanel = ({
  accountName,
  apiRoute,
  confirmation,
  remaining: initialRemaining,
  serverURL,
  total: initialTotal,
  usersCollection,
}: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const router = useRouter()
  const pathname = usePathname()
  const searchParams = useSearchParams()
  const offered = searchParams.get(recoveryCodesOfferParameter) !== null
  // Where the sign-in that ended in enrolment was headed (only a path on this site).
  const headedTo = offered ? localPath(searchParams.get('redirect')) : null
  const [phase, setPhase] = useState<Phase>(offered ? 'confirm' : 'closed')
  const [count, setCount] = useState({ remaining: initialRemaining, total: initialTotal })
  const [codes, setCodes] = useState<string[]>([])
  const warning = useRef<HTMLParagraphElement>(null)
  const listHeading = useRef<HTMLHeadingElement>(null)

  // The part that just appeared takes the focus, so it is read out first: the warning, or the codes.
  useEffect(() => {
    if (phase === 'confirm') {
      warning.current?.focus()
    } else if (phase === 'shown') {
      listHeading.current?.focus()
    }
  }, [phase])

  const close = () => {
    setCodes([])
    setPhase('closed')
    if (headedTo) {
      // The offer was answered: the sign-in goes on where it was headed.
      router.push(headedTo)
    } else if (offered) {
      // The offer was made; a reload should not make it again.
      router.replace(pathname, { scroll: false })
    }
  }

  const generate = async () => {
    setPhase('generating')
    const answer = await callBackoffice(
      formatAdminURL({ apiRoute, path: `/${usersCollection}/mfa/recovery-codes`, serverURL }),
      { language: i18n.language, method: 'POST', t },
    )
    const body = answer.body as { codes?: unknown; remaining?: number; total?: number } | null
    if (answer.ok && Array.isArray(body?.codes)) {
      const replacedEarlier = count.total > 0
      setCodes(body.codes.filter((code): code is string => typeof code === 'string'))
      setCount({ remaining: body.remaining ?? 0, total: body.total ?? 0 })
      setPhase('shown')
      toast.success(t(replacedEarlier ? 'recoveryCodesGeneratedToast' : 'recoveryCodesFirstToast'))
    } else if (answer.code === 'REAUTHENTICATION_REQUIRED') {
      setPhase('proof')
    } else {
      toast.error(answer.message ?? t('loginBackendProblem', { status: String(answer.status) }))
      setPhase('confirm')
    }
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      toast.success(t('recoveryCodesCopied'))
    } catch {
      toast.error(t('recoveryCodesCopyFailed'))
    }
  }

  const download = () => {
    const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date())
    const text = `${t('recoveryCodesFileIntro', { account: accountName, date })}\n\n${codes.join('\n')}\n`
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = `${window.location.hostname}-recovery-codes.txt`
    document.body.append(link)
    link.click()
    link.remove()
    URL.revokeObjectURL(url)
  }

  return (
    <div
      aria-busy={phase === 'generating'}
      aria-labelledby="backoffice-recovery-codes-heading"
      className="backoffice-recovery-codes"
      role="group"
    >
      {/* The warning and the list's heading take the focus so that they are read out; a mouse user
          who clicked a button needs no ring around a paragraph, a keyboard user keeps it. */}
      <style>
        {'.backoffice-recovery-codes [tabindex="-1"]:focus:not(:focus-visible) { outline: none; }'}
      </style>
      <h4 id="backoffice-recovery-codes-heading">{t('recoveryCodesHeading')}</h4>
      <p aria-live="polite" id="backoffice-recovery-codes-status">
        {count.remaining > 0
          ? t('recoveryCodesRemaining', { remaining: count.remaining, total: count.total })
          : t('recoveryCodesNone')}
      </p>
      {phase === 'closed' && (
        <Button
          buttonStyle="secondary"
          id="backoffice-recovery-codes-open"
          onClick={() => setPhase('confirm')}
          size="small"
          type="button"
        >
          {t(count.total > 0 ? 'recoveryCodesGenerate' : 'recoveryCodesGenerateFirst')}
        </Button>
      )}
      {(phase === 'confirm' || phase === 'generating') && (
        <div style={styles.fieldset}>
          <p id="backoffice-recovery-codes-warning" ref={warning} tabIndex={-1}>
            {count.total > 0
              ? t('recoveryCodesReplaceWarning')
              : t(offered ? 'recoveryCodesOfferAfterSetup' : 'recoveryCodesFirstExplanation')}
          </p>
          <div style={styles.checkbox}>
            <Button
              aria-describedby="backoffice-recovery-codes-warning"
              disabled={phase === 'generating'}
              id="backoffice-recovery-codes-generate"
              onClick={() => void generate()}
              size="small"
              type="button"
            >
              {phase === 'generating' ? t('recoveryCodesGenerating') : t('recoveryCodesConfirm')}
            </Button>
            <Button
              buttonStyle="secondary"
              disabled={phase === 'generating'}
              onClick={close}
              size="small"
              type="button"
            >
              {t('recoveryCodesCancel')}
            </Button>
          </div>
        </div>
      )}
      {phase === 'proof' && (
        <ConfirmPasswordPrompt
          apiRoute={apiRoute}
          confirmation={confirmation}
          intro={t('sudoPromptInline')}
          onConfirmed={() => void generate()}
          serverURL={serverURL}
          usersCollection={usersCollection}
        />
      )}
      {phase === 'shown' && (
        <div style={styles.fieldset}>
          <h5 id="backoffice-recovery-codes-list-heading" ref={listHeading} tabIndex={-1}>
            {t('recoveryCodesListLabel')}
          </h5>
          <p>{t('recoveryCodesShownOnce')}</p>
          <ol
            aria-labelledby="backoffice-recovery-codes-list-heading"
            className="backoffice-recovery-codes__list"
            style={{ ...styles.secret, columns: 2, margin: 0 }}
          >
            {codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
          <div style={{ ...styles.checkbox, flexWrap: 'wrap' }}>
            <Button buttonStyle="secondary" onClick={() => void copy()} size="small" type="button">
              {t('recoveryCodesCopy')}
            </Button>
            <Button buttonStyle="secondary" onClick={download} size="small" type="button">
              {t('recoveryCodesDownload')}
            </Button>
            <Button id="backoffice-recovery-codes-saved" onClick={close} size="small" type="button">
              {t('recoveryCodesSaved')}
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}
