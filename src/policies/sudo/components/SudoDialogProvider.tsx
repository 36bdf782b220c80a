'use client'

import type { ReactNode } from 'react'

import { Button, Modal, useModal } from '@payloadcms/ui'
import { useCallback, useEffect, useId, useRef } from 'react'

import type { ProviderConfirmation } from '../providerConfirmation.js'

import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { ConfirmPasswordPrompt } from './ConfirmPasswordPrompt.js'
import { RetryRefusedSave } from './RetryRefusedSave.js'
import { SudoConfirmationContext } from './sudoConfirmation.js'

type Props = {
  apiRoute: string
  /** The account has the authenticator app on: its code may confirm instead of the password. */
  appCode?: boolean
  children: ReactNode
  /** The account has a passkey that works here: it may confirm instead of the password. */
  passkey?: boolean
  /** The account has unused recovery codes: one may confirm instead of the password. */
  recoveryCode?: boolean
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
  appCode = false,
  children,
  confirmation,
  minutes,
  passkey = false,
  recoveryCode = false,
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
                appCode={appCode}
                passkey={passkey}
                recoveryCode={recoveryCode}
                confirmation={confirmation}
                intro={
                  confirmation
                    ? t('sudoProviderDescription', {
                        minutes,
                        provider: confirmation.providerLabel,
                      })
                    : t('sudoDialogDescription', { minutes })
                }
                // Confirm and Cancel side by side, Confirm first and the primary one.
                onCancel={() => closeModal(sudoDialogSlug)}
                onConfirmed={() => {
                  closeModal(sudoDialogSlug)
                  answer(true)
                }}
                serverURL={serverURL}
                usersCollection={usersCollection}
              />
            </div>
            {/* The provider's prompt has no buttons row of its own to hold Cancel. */}
            {confirmation && (
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
            )}
          </div>
        )}
      </Modal>
    </SudoConfirmationContext>
  )
}
