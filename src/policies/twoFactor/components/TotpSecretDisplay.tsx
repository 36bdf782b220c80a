'use client'

import { Button, toast } from '@payloadcms/ui'

import { toastError } from '../../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { twoFactorStyles as styles } from '../lib/twoFactorStyles.js'

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
      <img alt={t('twoFactorQrCodeAlt')} src={qrCode} style={styles.qrCode} />
      <div>
        <p id="backoffice-totp-secret-label">{t('twoFactorSecretLabel')}</p>
        <div style={styles.secretRow}>
          {/* In groups of four, as authenticator apps show keys, so that it can be read and typed
              without losing one's place; the groups are spans, so a copy is the key itself. */}
          <code
            aria-labelledby="backoffice-totp-secret-label"
            className="backoffice-totp-secret"
            data-testid="totp-secret"
            dir="ltr"
            style={styles.secret}
          >
            {secret.match(/.{1,4}/g)?.map((group, index) => (
              <span key={index} style={styles.secretGroup}>
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
