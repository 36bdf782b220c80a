'use client'

import { Button, toast, useTranslation } from '@payloadcms/ui'
import { useEffect, useRef, useState } from 'react'

import { toastError } from '../../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import '../../../shared/components/backoffice.css'
import '../lib/twoFactorStyles.css'
import './RecoveryCodesSheet.css'

type Props = {
  /** Named in the downloaded and printed sheet, so it says whose codes they are. */
  accountName: string
  codes: string[]
  /** "I have saved these codes": the codes leave the screen. */
  onSaved: () => void
}

/**
 * Codes shown this once, with Copy, Download (.txt) and Print, and "I have saved these codes", which
 * waits until one of the three was done: GitHub's setup asks the same before it goes on, since a
 * person who clicks past codes they never kept has no way back in once the phone is gone. Used
 * by the account page's recovery codes section and as the last step of setting up the app.
 */
export const RecoveryCodesSheet = ({ accountName, codes, onSaved }: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const [kept, setKept] = useState(false)
  const copyButton = useRef<HTMLAnchorElement | HTMLButtonElement>(null)

  // The control the person acts on next takes the focus; the codes are read out as its description.
  useEffect(() => {
    copyButton.current?.focus()
  }, [])

  const sheet = () => {
    const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date())
    return `${t('recoveryCodesFileIntro', { account: accountName, date })}\n\n${codes.join('\n')}\n`
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      toast.success(t('recoveryCodesCopied'))
      setKept(true)
    } catch {
      toastError(t('recoveryCodesCopyFailed'))
    }
  }

  const download = () => {
    const url = URL.createObjectURL(new Blob([sheet()], { type: 'text/plain;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = `${window.location.hostname}-recovery-codes.txt`
    document.body.append(link)
    link.click()
    link.remove()
    URL.revokeObjectURL(url)
    setKept(true)
  }

  // Printed from a frame of its own holding only the sheet: the admin page around it has no print
  // styles, and a page of navigation and forms would be printed otherwise.
  const print = () => {
    const frame = document.createElement('iframe')
    frame.setAttribute('aria-hidden', 'true')
    frame.style.position = 'fixed'
    frame.style.inlineSize = '0'
    frame.style.blockSize = '0'
    frame.style.border = '0'
    document.body.append(frame)
    const page = frame.contentDocument
    if (page) {
      const pre = page.createElement('pre')
      pre.style.font = '14pt monospace'
      pre.textContent = sheet()
      page.body.append(pre)
      frame.contentWindow?.print()
    }
    frame.remove()
    setKept(true)
  }

  return (
    <div className="backoffice-field-stack">
      <h4 dir="auto" id="backoffice-recovery-codes-list-heading">
        {t('recoveryCodesListLabel')}
      </h4>
      <p dir="auto" id="backoffice-recovery-codes-shown-once">
        {t('recoveryCodesShownOnce')}
      </p>
      <ol
        aria-labelledby="backoffice-recovery-codes-list-heading"
        className="backoffice-recovery-codes__list"
        dir="ltr"
      >
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="backoffice-two-factor-row backoffice-two-factor-row--wrap">
        <Button
          aria-describedby="backoffice-recovery-codes-shown-once"
          buttonStyle="secondary"
          onClick={() => void copy()}
          ref={copyButton}
          size="small"
          type="button"
        >
          {t('recoveryCodesCopy')}
        </Button>
        <Button buttonStyle="secondary" onClick={download} size="small" type="button">
          {t('recoveryCodesDownload')}
        </Button>
        <Button buttonStyle="secondary" onClick={print} size="small" type="button">
          {t('recoveryCodesPrint')}
        </Button>
      </div>
      <p dir="auto" hidden={kept} id="backoffice-recovery-codes-keep-first">
        {t('recoveryCodesKeepFirst')}
      </p>
      <div>
        <Button
          aria-describedby={kept ? undefined : 'backoffice-recovery-codes-keep-first'}
          disabled={!kept}
          id="backoffice-recovery-codes-saved"
          onClick={onSaved}
          size="medium"
          type="button"
        >
          {t('recoveryCodesSaved')}
        </Button>
      </div>
    </div>
  )
}
