'use client'

import { Button, Modal, useModal, useTranslation } from '@payloadcms/ui'
import { useState } from 'react'

import './ReviewDecisionDialog.css'

type Props = {
  body: string
  confirmingLabel: string
  confirmLabel: string
  heading: string
  /** Resolves once the decision is answered; the dialog closes then. */
  onConfirm: () => Promise<void>
  slug: string
}

/**
 * "Approve this 2FA reset?": what the decision does, said before it is made, with Cancel and the
 * decision. Payload's confirmation look, named by its heading and described by its text for screen
 * readers (Payload's own `ConfirmationModal` is named by its slug). While the decision runs, both
 * buttons wait and the confirm button says so.
 */
export const ReviewDecisionDialog = ({
  body,
  confirmingLabel,
  confirmLabel,
  heading,
  onConfirm,
  slug,
}: Props) => {
  const { closeModal, isModalOpen } = useModal()
  const { t } = useTranslation()
  const [confirming, setConfirming] = useState(false)
  if (!isModalOpen(slug)) {
    return null
  }
  const confirm = async () => {
    if (confirming) {
      return
    }
    setConfirming(true)
    await onConfirm()
    setConfirming(false)
    closeModal(slug)
  }
  return (
    <Modal
      aria-describedby={`${slug}-body`}
      aria-labelledby={`${slug}-heading`}
      className="confirmation-modal backoffice-review-decision"
      closeOnBlur={false}
      slug={slug}
    >
      <div aria-busy={confirming} className="confirmation-modal__wrapper">
        <div className="confirmation-modal__content">
          <h2 id={`${slug}-heading`}>{heading}</h2>
          <p id={`${slug}-body`}>{body}</p>
        </div>
        <div className="confirmation-modal__controls">
          <Button
            buttonStyle="secondary"
            disabled={confirming}
            onClick={() => closeModal(slug)}
            size="large"
            type="button"
          >
            {t('general:cancel')}
          </Button>
          <Button disabled={confirming} onClick={() => void confirm()} size="large" type="button">
            {confirming ? confirmingLabel : confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  )
}
