'use client'

import type { ReactNode } from 'react'

import { Button, Modal, useModal } from '@payloadcms/ui'
import { useCallback, useEffect, useId, useRef } from 'react'

import type { ProviderConfirmation } from '../providerConfirmation.js'

import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'
import { ConfirmPasswordPrompt } from './ConfirmPasswordPrompt.js'
import { RetryRefusedSave } from './RetryRefusedSave.js'
import { SudoConfirmationContext } from './sudoConfirmation.js'

type Props = {
  apiRoute: string
  children: ReactNode
  /** How an account of a single sign-on provider confirms itself (no password here); else null. */
  confirmation: null | ProviderConfirmation
  /** How long a confirmation lasts (`sudo.windowMinutes`), said in the dialog. */
  minutes: number
  serverURL: string
  usersCollection: string
}

const sudoDialogSlug = 'backoffice-confirm-its-you'

/**
 * The account page's one "Confirm it's you" dialog (sudo mode, OWASP ASVS 5.0 7.5.1), asked only
 * when the server refused an action for want of a fresh proof, never shown before. Payload's modal:
 * the focus stays inside it and Escape closes it. Actions that ask while it is open wait for the same
 * answer, so it is never shown twice; once confirmed it closes and each of them goes on. An account
 * of a single sign-on provider confirms at its provider instead, coming back to this page.
 */
export const SudoDialogProvider = ({
  apiRoute,
  children,
  confirmation,
  minutes,
  serverURL,
  usersCollection,
}: Props) => {
  const t = useBackofficeTranslation()
  const { closeModal, isModalOpen, openModal } = useModal()
  const headingId = useId()
  const waiting = useRef<((confirmed: boolean) => void)[]>([])
  const open = isModalOpen(sudoDialogSlug)

  const answer = useCallback((confirmed: boolean) => {
    const resolvers = waiting.current
    waiting.current = []
    for (const resolve of resolvers) {
      resolve(confirmed)
    }
  }, [])

  const confirm = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        waiting.current.push(resolve)
        openModal(sudoDialogSlug)
      }),
    [openModal],
  )

  // Closed without a confirmation (Escape, Cancel): what waited is not done.
  useEffect(() => {
    if (!open) {
      answer(false)
    }
  }, [answer, open])

  return (
    <SudoConfirmationContext value={confirm}>
      {children}
      <RetryRefusedSave />
      {/* Payload's modal is the dialog (role, aria-modal, focus trap, Escape); it is named by its heading. */}
      <Modal
        aria-labelledby={headingId}
        className="confirmation-modal backoffice-sudo-dialog"
        closeOnBlur
        slug={sudoDialogSlug}
      >
        {open && (
          <div className="confirmation-modal__wrapper">
            <div className="confirmation-modal__content">
              <h2 dir="auto" id={headingId}>
                {t('sudoHeading')}
              </h2>
              <ConfirmPasswordPrompt
                apiRoute={apiRoute}
                confirmation={confirmation}
                intro={
                  confirmation
                    ? t('sudoProviderDescription', {
                        minutes,
                        provider: confirmation.providerLabel,
                      })
                    : t('sudoDialogDescription', { minutes })
                }
                onConfirmed={() => {
                  closeModal(sudoDialogSlug)
                  answer(true)
                }}
                serverURL={serverURL}
                usersCollection={usersCollection}
              />
            </div>
            <div className="confirmation-modal__controls">
              <Button
                buttonStyle="secondary"
                onClick={() => closeModal(sudoDialogSlug)}
                size="medium"
                type="button"
              >
                {t('sudoCancel')}
              </Button>
            </div>
          </div>
        )}
      </Modal>
    </SudoConfirmationContext>
  )
}
