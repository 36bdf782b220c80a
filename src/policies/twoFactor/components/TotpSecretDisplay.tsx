'use client'

import { Button, toast } from '@payloadcms/ui'

import { toastError } from '../../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import './TotpSecretDisplay.css'

type Props = { qrCode: string; secret: string }

/**
 * A new authenticator's secret to scan or type: the QR code, and the key as text with Copy. Shown by
 * the app's setup and by its replacement on the account page.
 */
export const TotpSecretDisplay = ({ qrCode, secret }: Props) => {
  const t = useBackofficeTranslation()

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(secret)
      toast.success(t('twoFactorSecretCopied'))
    } catch {
      toastError(t('twoFactorSecretCopyFailed'))
    }
  }

  return (
    <>
      {/* A data URL made on the server: next/image would add nothing. */}
      <img
        alt={t('twoFactorQrCodeAlt')}
        className="backoffice-totp-display__qr-code"
        src={qrCode}
      />
      <div>
        <p id="backoffice-totp-secret-label">{t('twoFactorSecretLabel')}</p>
        <div className="backoffice-totp-display__secret-row">
          {/* In groups of four, as authenticator apps show keys, so that it can be read and typed
              without losing one's place; the groups are spans, so a copy is the key itself. */}
          <code
            aria-labelledby="backoffice-totp-secret-label"
            className="backoffice-totp-secret"
            data-testid="totp-secret"
            dir="ltr"
          >
            {secret.match(/.{1,4}/g)?.map((group, index) => (
              <span className="backoffice-totp-secret__group" key={index}>
                {group}
              </span>
            ))}
          </code>
          <Button
            buttonStyle="secondary"
            onClick={() => void copySecret()}
            size="small"
            type="button"
          >
            {t('twoFactorSecretCopy')}
          </Button>
        </div>
      </div>
    </>
  )
}
