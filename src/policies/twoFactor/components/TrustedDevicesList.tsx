'use client'

import { Button, toast, useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useCallback, useEffect, useState } from 'react'

import { callBackoffice } from '../../../shared/components/client/backofficeFetch.js'
import { toastError } from '../../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { useSudoConfirmation } from '../../sudo/components/sudoConfirmation.js'
import '../../../shared/components/backoffice.css'
import '../lib/twoFactorStyles.css'
import { BrowserIcon } from './BrowserIcon.js'

type Device = {
  browser: null | string
  /** The device this browser is. */
  current?: boolean
  expirationDate: string
  id: number | string
  lastUsedAt: null | string
  os: null | string
}

type Props = {
  apiRoute: string
  serverURL: string
  usersCollection: string
}

/**
 * The viewer's trusted devices (browser and system, this one marked, last use, until when it is
 * trusted) with a Remove button each; a removed device is asked for a code at its next sign-in.
 * Removing needs sudo mode: the page's "Confirm it's you" dialog opens, and the removal goes on once
 * confirmed.
 */
export const TrustedDevicesList = ({ apiRoute, serverURL, usersCollection }: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const [devices, setDevices] = useState<Device[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [removing, setRemoving] = useState<null | number | string>(null)
  const confirmIt = useSudoConfirmation()
  const url = useCallback(
    (path: string) =>
      formatAdminURL({
        apiRoute,
        path: `/${usersCollection}/mfa/trusted-devices${path}`,
        serverURL,
      }),
    [apiRoute, serverURL, usersCollection],
  )

  const load = useCallback(async () => {
    const { body, ok } = await callBackoffice(url(''), {
      cache: 'no-store',
      language: i18n.language,
      t,
    })
    const docs = (body as { docs?: Device[] } | null)?.docs
    if (!ok || !Array.isArray(docs)) {
      setFailed(true)
      return
    }
    setFailed(false)
    setDevices(docs)
  }, [i18n.language, t, url])

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- false positive: every setState in load follows an await (react/react#34905)
    void load()
  }, [load])

  const remove = async (device: Device): Promise<void> => {
    setRemoving(device.id)
    const answer = await callBackoffice(url(`/${encodeURIComponent(String(device.id))}/remove`), {
      language: i18n.language,
      method: 'POST',
      t,
    })
    if (answer.ok) {
      toast.success(t('trustedDeviceRemovedToast'))
      await load()
    } else if (answer.code === 'REAUTHENTICATION_REQUIRED' && confirmIt) {
      setRemoving(null)
      if (await confirmIt()) {
        await remove(device)
      }
      return
    } else {
      toastError(answer.message ?? t('loginBackendProblem', { status: String(answer.status) }))
    }
    setRemoving(null)
  }

  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  return (
    <section
      aria-busy={devices === null && !failed}
      aria-labelledby="backoffice-trusted-devices-heading"
      className="backoffice-trusted-devices backoffice-section"
    >
      <h3 dir="auto" id="backoffice-trusted-devices-heading">
        {t('fieldTrustedDevices')}
      </h3>
      <p dir="auto">{t('trustedDevicesIntro')}</p>
      {failed ? (
        <p role="alert">{t('trustedDevicesLoadFailed')}</p>
      ) : devices === null ? (
        <p>{t('trustedDevicesLoading')}</p>
      ) : devices.length === 0 ? (
        <p className="backoffice-trusted-devices__empty" dir="auto">
          {t('trustedDevicesEmpty')}
        </p>
      ) : (
        <ul className="backoffice-plain-list">
          {devices.map((device) => {
            const name = t('trustedDeviceName', {
              browser: device.browser || t('trustedDeviceUnknownBrowser'),
              os: device.os || t('trustedDeviceUnknownOs'),
            })
            return (
              <li
                className="backoffice-trusted-device backoffice-two-factor-item"
                data-device-id={String(device.id)}
                key={String(device.id)}
              >
                <span className="backoffice-two-factor-row">
                  <BrowserIcon browser={device.browser} />
                  <span>
                    <strong dir="auto">{name}</strong>
                    {device.current && (
                      <>
                        {' '}
                        <span
                          className="backoffice-trusted-device__current backoffice-badge"
                          dir="auto"
                        >
                          {t('trustedDeviceThisDevice')}
                        </span>
                      </>
                    )}
                    <br />
                    <small dir="auto">
                      {[
                        device.lastUsedAt
                          ? t('trustedDeviceLastUsed', {
                              date: dateFormat.format(new Date(device.lastUsedAt)),
                            })
                          : t('trustedDeviceNeverUsed'),
                        t('trustedDeviceTrustedUntil', {
                          date: dateFormat.format(new Date(device.expirationDate)),
                        }),
                      ].join(' · ')}
                    </small>
                  </span>
                </span>
                <Button
                  aria-label={t('trustedDeviceRemoveLabel', { device: name })}
                  buttonStyle="secondary"
                  disabled={removing !== null}
                  onClick={() => void remove(device)}
                  size="small"
                  type="button"
                >
                  {removing === device.id ? t('trustedDeviceRemoving') : t('trustedDeviceRemove')}
                </Button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
