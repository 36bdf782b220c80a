'use client'

import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'

import { Button, toast, useTranslation } from '@payloadcms/ui'
import { useRouter } from 'next/navigation.js'
import { formatAdminURL } from 'payload/shared'
import { type FormEvent, useCallback, useEffect, useState } from 'react'

import { callBackoffice } from '../../../../shared/components/client/backofficeFetch.js'
import { createPasskey } from '../../../../shared/components/client/passkeyBrowser.js'
import { toastError } from '../../../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../../../shared/components/client/useBackofficeTranslation.js'
import { useSudoConfirmation } from '../../../sudo/components/sudoConfirmation.js'
import { passkeyDevice } from '../../lib/passkeyDevice.js'
import '../../../../shared/components/backoffice.css'
import '../../lib/twoFactorStyles.css'

type Passkey = {
  backedUp: boolean
  browser: null | string
  createdAt: string
  id: number | string
  lastUsedAt: null | string
  name: string
  os: null | string
}

type Listing = { available: boolean; docs: Passkey[]; required: boolean }

type Props = {
  apiRoute: string
  /** Hands the recovery codes that came with the account's first second factor to their section. */
  onRecoveryCodes?: (codes: string[]) => void
  serverURL: string
  /** Another account's id, for an administrator (who may only remove); null for one's own. */
  userId: null | number | string
  usersCollection: string
}

/** What waits for a fresh proof of the password (sudo mode), to run again once it is given. */
type Retry = { kind: 'add' } | { kind: 'remove'; passkey: Passkey }

/**
 * The account's passkeys: name, when added, when last used, whether synced; rename and remove each
 * (remove asks to confirm, in place); and "Add a passkey", which asks the browser to create one. On
 * one's own account, adding and removing need sudo mode: the page's "Confirm it's you" dialog opens
 * and the action runs again once it is confirmed. The first passkey comes with recovery codes, handed
 * to `onRecoveryCodes` to be shown once. An administrator on another account sees the list
 * and can remove (a lost device).
 */
export const PasskeysList = ({
  apiRoute,
  onRecoveryCodes,
  serverURL,
  userId,
  usersCollection,
}: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const router = useRouter()
  const own = userId === null
  const [listing, setListing] = useState<Listing | null>(null)
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState<null | string>(null)
  const [confirmingRemoval, setConfirmingRemoval] = useState<null | number | string>(null)
  const [renaming, setRenaming] = useState<null | { id: number | string; name: string }>(null)
  const confirmIt = useSudoConfirmation()
  const url = useCallback(
    (path: string) =>
      formatAdminURL({ apiRoute, path: `/${usersCollection}/mfa/passkeys${path}`, serverURL }),
    [apiRoute, serverURL, usersCollection],
  )
  const call = useCallback(
    (path: string, body?: unknown) =>
      callBackoffice(url(path), { body, language: i18n.language, method: 'POST', t }),
    [i18n.language, t, url],
  )

  const load = useCallback(async () => {
    const { body, ok } = await callBackoffice(
      url(userId === null ? '' : `?user=${encodeURIComponent(String(userId))}`),
      { cache: 'no-store', language: i18n.language, t },
    )
    const answer = body as null | Partial<Listing>
    if (!ok || !Array.isArray(answer?.docs)) {
      setFailed(true)
      return
    }
    setFailed(false)
    setListing({
      available: answer.available === true,
      docs: answer.docs,
      required: answer.required === true,
    })
  }, [i18n.language, t, url, userId])

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- false positive: every setState in load follows an await (react/react#34905)
    void load()
  }, [load])

  const refused = async (
    answer: { code?: string; message?: string; status: number },
    retry: Retry,
  ) => {
    if (answer.code === 'REAUTHENTICATION_REQUIRED' && confirmIt) {
      if (await confirmIt()) {
        await (retry.kind === 'add' ? add() : remove(retry.passkey))
      }
      return
    }
    toastError(answer.message ?? t('loginBackendProblem', { status: String(answer.status) }))
  }

  const add = async () => {
    setBusy('add')
    try {
      const options = await call('/registration-options')
      if (!options.ok) {
        setBusy(null)
        await refused(options, { kind: 'add' })
        return
      }
      const prompt = await createPasskey(options.body as PublicKeyCredentialCreationOptionsJSON)
      if (!prompt.ok) {
        toastError(
          prompt.reason === 'unsupported'
            ? t('passkeysUnsupported')
            : prompt.reason === 'alreadyRegistered'
              ? t('errorPasskeyAlreadyRegistered')
              : t('passkeysCancelled'),
        )
        return
      }
      const added = await call('', { response: prompt.response })
      if (!added.ok) {
        setBusy(null)
        await refused(added, { kind: 'add' })
        return
      }
      toast.success(t('passkeysAdded'))
      const issued = (added.body as { recoveryCodes?: { codes?: unknown } | null } | null)
        ?.recoveryCodes?.codes
      if (Array.isArray(issued)) {
        onRecoveryCodes?.(issued.filter((code): code is string => typeof code === 'string'))
      }
      await load()
      // The section's status line (two-factor on or off) is the server's.
      router.refresh()
    } finally {
      setBusy(null)
    }
  }

  const remove = async (passkey: Passkey) => {
    setBusy(`remove-${passkey.id}`)
    try {
      const answer = await call(`/${encodeURIComponent(String(passkey.id))}/remove`)
      if (!answer.ok) {
        setBusy(null)
        await refused(answer, { kind: 'remove', passkey })
        return
      }
      setConfirmingRemoval(null)
      toast.success(t('passkeyRemoved'))
      await load()
      router.refresh()
    } finally {
      setBusy(null)
    }
  }

  const rename = async (event: FormEvent) => {
    event.preventDefault()
    if (!renaming) {
      return
    }
    setBusy(`rename-${renaming.id}`)
    try {
      const answer = await call(`/${encodeURIComponent(String(renaming.id))}/rename`, {
        name: renaming.name,
      })
      if (!answer.ok) {
        toastError(answer.message ?? t('loginBackendProblem', { status: String(answer.status) }))
        return
      }
      setRenaming(null)
      toast.success(t('passkeyRenamed'))
      await load()
    } finally {
      setBusy(null)
    }
  }

  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })
  const dateTimeFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  if (own && listing && !listing.available) {
    return (
      <section className="backoffice-passkeys backoffice-section">
        <h3 dir="auto">{t('passkeysHeading')}</h3>
        <p dir="auto">{t('passkeysUnavailable')}</p>
      </section>
    )
  }
  return (
    <section
      aria-busy={listing === null && !failed}
      aria-labelledby="backoffice-passkeys-heading"
      className="backoffice-passkeys backoffice-section"
      id="backoffice-passkeys"
    >
      <h3 dir="auto" id="backoffice-passkeys-heading">
        {t('passkeysHeading')}
      </h3>
      {own && <p dir="auto">{t('passkeysIntro')}</p>}
      {own && listing?.required && listing.docs.length === 0 && (
        <p className="backoffice-passkeys__required" role="status">
          <strong>{t('passkeysRequiredNotice')}</strong>
        </p>
      )}
      {failed ? (
        <p role="alert">{t('trustedDevicesLoadFailed')}</p>
      ) : listing === null ? (
        <p>{t('passkeysLoading')}</p>
      ) : listing.docs.length === 0 ? (
        <p className="backoffice-passkeys__empty" dir="auto">
          {t('passkeysNone')}
        </p>
      ) : (
        <ul aria-labelledby="backoffice-passkeys-heading" className="backoffice-plain-list">
          {listing.docs.map((passkey) => (
            <li
              className="backoffice-passkey backoffice-two-factor-item"
              data-passkey-id={String(passkey.id)}
              key={String(passkey.id)}
            >
              {renaming?.id === passkey.id ? (
                <form
                  className="backoffice-two-factor-row"
                  onSubmit={(event) => void rename(event)}
                >
                  <label htmlFor={`backoffice-passkey-name-${passkey.id}`}>
                    {t('passkeyRenameLabel', { name: passkey.name })}
                  </label>
                  <input
                    id={`backoffice-passkey-name-${passkey.id}`}
                    maxLength={64}
                    onChange={(event) => setRenaming({ id: passkey.id, name: event.target.value })}
                    onKeyDown={(event) => {
                      if (event.key === 'Escape') {
                        setRenaming(null)
                      }
                    }}
                    // The field takes the focus when it replaces the name (a no-op once it has it).
                    ref={(input) => input?.focus()}
                    required
                    value={renaming.name}
                  />
                  <Button buttonStyle="primary" disabled={busy !== null} size="small" type="submit">
                    {t('passkeySave')}
                  </Button>
                  <Button
                    buttonStyle="secondary"
                    onClick={() => setRenaming(null)}
                    size="small"
                    type="button"
                  >
                    {t('passkeyCancel')}
                  </Button>
                </form>
              ) : (
                <span>
                  <strong dir="auto">{passkey.name}</strong>
                  <br />
                  <small dir="auto">
                    {[
                      t('passkeyAddedOn', { date: dateFormat.format(new Date(passkey.createdAt)) }),
                      // Which browser and system registered it, once a rename no longer says so.
                      ...(passkeyDevice(passkey) && passkeyDevice(passkey) !== passkey.name
                        ? [t('passkeyMadeOn', { device: passkeyDevice(passkey) })]
                        : []),
                      passkey.lastUsedAt
                        ? t('passkeyLastUsed', {
                            date: dateTimeFormat.format(new Date(passkey.lastUsedAt)),
                          })
                        : t('passkeyNeverUsed'),
                      ...(passkey.backedUp ? [t('passkeySynced')] : []),
                    ].join(' · ')}
                  </small>
                </span>
              )}
              {confirmingRemoval === passkey.id ? (
                <span className="backoffice-two-factor-row" role="alert">
                  <span>{t('passkeyRemoveConfirm', { name: passkey.name })}</span>
                  <Button
                    buttonStyle="primary"
                    disabled={busy !== null}
                    onClick={() => void remove(passkey)}
                    size="small"
                    type="button"
                  >
                    {t('passkeyRemove')}
                  </Button>
                  <Button
                    buttonStyle="secondary"
                    onClick={() => setConfirmingRemoval(null)}
                    size="small"
                    type="button"
                  >
                    {t('passkeyCancel')}
                  </Button>
                </span>
              ) : (
                renaming?.id !== passkey.id && (
                  <span className="backoffice-two-factor-row">
                    {own && (
                      <Button
                        aria-label={`${t('passkeyRename')}: ${passkey.name}`}
                        buttonStyle="secondary"
                        disabled={busy !== null}
                        onClick={() => setRenaming({ id: passkey.id, name: passkey.name })}
                        size="small"
                        type="button"
                      >
                        {t('passkeyRename')}
                      </Button>
                    )}
                    <Button
                      aria-label={t('passkeyRemoveNamed', { name: passkey.name })}
                      buttonStyle="secondary"
                      disabled={busy !== null}
                      onClick={() => setConfirmingRemoval(passkey.id)}
                      size="small"
                      type="button"
                    >
                      {t('passkeyRemove')}
                    </Button>
                  </span>
                )
              )}
            </li>
          ))}
        </ul>
      )}
      {own && listing && (
        <Button
          buttonStyle="secondary"
          disabled={busy !== null}
          id="backoffice-passkey-add"
          onClick={() => void add()}
          size="small"
          type="button"
        >
          {busy === 'add' ? t('passkeysWaiting') : t('passkeysAdd')}
        </Button>
      )}
    </section>
  )
}
