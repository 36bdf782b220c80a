'use client'

import type { CSSProperties } from 'react'

import { Button, toast, useAuth, useConfig, useDocumentInfo, useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useCallback, useEffect, useId, useState } from 'react'

import type { SessionSummary } from '../endpoints/sessionSummary.js'

import { callBackoffice, unanswered } from '../../components/client/backofficeFetch.js'
import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'

type Props = {
  /** False when the plugin is turned off: the field stays (same schema) but shows nothing. */
  enabled?: boolean
  usersCollection?: string
}

type Listing = { canEndAll: boolean; docs: SessionSummary[] }

// Logical properties only (inline/block, start/end), so the layout mirrors in right-to-left languages.
const styles = {
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: 'calc(var(--base) / 2)',
    marginBlockStart: 'var(--base)',
  },
  badge: {
    border: '1px solid var(--theme-success-500)',
    borderRadius: 'var(--style-radius-s)',
    color: 'var(--theme-success-750)',
    fontSize: '0.85em',
    paddingInline: 'calc(var(--base) / 3)',
  },
  details: {
    color: 'var(--theme-elevation-600)',
    display: 'flex',
    flexWrap: 'wrap',
    gap: 'calc(var(--base) / 2)',
  },
  device: {
    alignItems: 'center',
    display: 'flex',
    flexWrap: 'wrap',
    fontWeight: 600,
    gap: 'calc(var(--base) / 2)',
  },
  item: {
    alignItems: 'center',
    borderBlockEnd: '1px solid var(--theme-elevation-100)',
    display: 'flex',
    flexWrap: 'wrap',
    gap: 'var(--base)',
    justifyContent: 'space-between',
    paddingBlock: 'calc(var(--base) / 2)',
  },
  list: { listStyle: 'none', margin: 0, padding: 0 },
  section: { marginBlock: 'calc(var(--base) * 2)', textAlign: 'start' },
} satisfies Record<string, CSSProperties>

/**
 * The sessions of the account being viewed: the user's own on the account page, anyone's on a
 * user's edit page for administrators, who can also end them all. Ending the current session signs
 * the viewer out, so the page moves to the login screen.
 */
export const SessionsField = ({ enabled = true, usersCollection = 'users' }: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const { user } = useAuth()
  const { id, collectionSlug } = useDocumentInfo()
  const {
    config: {
      admin: { routes: adminRoutes },
      routes: { admin: adminRoute, api: apiRoute },
      serverURL,
    },
  } = useConfig()
  const headingId = useId()

  const [listing, setListing] = useState<Listing | null>(null)
  const [status, setStatus] = useState<'failed' | 'hidden' | 'loading' | 'ready'>('loading')
  const [busy, setBusy] = useState<'all' | null | number | string>(null)

  const shown = enabled && id !== undefined && id !== null && collectionSlug === usersCollection
  const api = useCallback(
    (path: `/${string}`) =>
      formatAdminURL({ apiRoute, path: `/${usersCollection}${path}`, serverURL }),
    [apiRoute, serverURL, usersCollection],
  )

  const load = useCallback(async () => {
    if (!shown) {
      return
    }
    const answer = await callBackoffice(api(`/sessions?user=${encodeURIComponent(String(id))}`), {
      language: i18n.language,
      t,
    })
    if (answer.status === 403) {
      // Someone else's account, viewed by a non-administrator: nothing to show them.
      setStatus('hidden')
      return
    }
    if (!answer.ok || answer.body === null) {
      setStatus('failed')
      return
    }
    setListing(answer.body as Listing)
    setStatus('ready')
  }, [shown, id, api, i18n.language, t])

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- false positive: every setState in load follows an await (react/react#34905)
    void load()
  }, [load])

  const signedOut = () => {
    window.location.assign(
      formatAdminURL({ adminRoute, path: adminRoutes.login as `/${string}`, serverURL }),
    )
  }

  const end = async (target: 'all' | SessionSummary) => {
    const key = target === 'all' ? 'all' : target.id
    setBusy(key)
    const path: `/${string}` =
      target === 'all'
        ? `/${encodeURIComponent(String(id))}/sessions/revoke-all`
        : `/sessions/${encodeURIComponent(String(target.id))}/revoke`
    const answer = await callBackoffice(api(path), { language: i18n.language, method: 'POST', t })
    const result = answer.body as { current: boolean; revoked: number } | null
    if (!answer.ok || result === null) {
      // The server's reason when it gave one; a request that got no answer only says it failed.
      toast.error((!unanswered(answer) && answer.message) || t('sessionEndFailed'))
    } else if (result.current) {
      signedOut()
    } else {
      toast.success(
        target === 'all' ? t('sessionsEndedAll', { count: result.revoked }) : t('sessionEnded'),
      )
      await load()
    }
    setBusy(null)
  }

  if (!shown || status === 'hidden') {
    return null
  }

  const formatTime = (value: null | string) => {
    if (!value) {
      return '—'
    }
    try {
      return new Intl.DateTimeFormat(i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(value))
    } catch {
      return new Date(value).toLocaleString()
    }
  }
  const deviceOf = (session: SessionSummary) =>
    t('sessionDevice', {
      browser: session.browser ?? t('sessionUnknownBrowser'),
      os: session.os ?? t('sessionUnknownOs'),
    })
  const viewingOther = user ? String(user.id) !== String(id) : false

  return (
    <section aria-labelledby={headingId} className="backoffice-sessions" style={styles.section}>
      <h3 id={headingId}>{t('sessionsTitle')}</h3>
      <p>{t('sessionsDescription')}</p>
      {status === 'loading' && <p role="status">{t('sessionsLoading')}</p>}
      {status === 'failed' && <p role="alert">{t('sessionsLoadFailed')}</p>}
      {status === 'ready' && listing && listing.docs.length === 0 && <p>{t('sessionsEmpty')}</p>}
      {status === 'ready' && listing && listing.docs.length > 0 && (
        <ul aria-busy={busy !== null} style={styles.list}>
          {listing.docs.map((session) => (
            <li key={session.id} style={styles.item}>
              <div>
                <div style={styles.device}>
                  <span>{deviceOf(session)}</span>
                  {session.current && <span style={styles.badge}>{t('sessionCurrent')}</span>}
                </div>
                <div style={styles.details}>
                  {session.ipAddress && (
                    <span>{t('sessionIpAddress', { ip: session.ipAddress })}</span>
                  )}
                  <span>{t('sessionSignedInAt', { time: formatTime(session.createdAt) })}</span>
                  <span>{t('sessionLastSeenAt', { time: formatTime(session.lastSeenAt) })}</span>
                </div>
              </div>
              <Button
                aria-label={t('sessionEndLabel', { device: deviceOf(session) })}
                buttonStyle="secondary"
                disabled={busy !== null}
                margin={false}
                onClick={() => void end(session)}
                size="small"
                type="button"
              >
                {t('sessionEnd')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {status === 'ready' && listing?.canEndAll && viewingOther && listing.docs.length > 0 && (
        <div style={styles.actions}>
          <Button
            aria-label={t('sessionsEndAllLabel')}
            // Payload's Button has no styles for "error": such a button shows as bare text.
            buttonStyle="secondary"
            disabled={busy !== null}
            margin={false}
            onClick={() => void end('all')}
            size="small"
            type="button"
          >
            {t('sessionsEndAll')}
          </Button>
        </div>
      )}
    </section>
  )
}
