'use client'

import { Button, useTranslation } from '@payloadcms/ui'
import { useId } from 'react'

import type { SessionSummary } from '../endpoints/sessionSummary.js'

import '../../../shared/components/backoffice.css'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import './SessionsField.css'
import { useSessions } from './useSessions.js'

type Props = {
  /** False when the plugin is turned off: the field stays (same schema) but shows nothing. */
  enabled?: boolean
  /**
   * Only on the viewer's own account. The account field sets it: on someone else's page an
   * administrator finds their sessions in the account security panel, which shows this component.
   */
  ownOnly?: boolean
  usersCollection?: string
}

/**
 * The sessions of the account being viewed: the user's own on the account page, anyone's on a
 * user's edit page for administrators, who can also end them all. `useSessions` loads and ends
 * them; this component only shows them.
 */
export const SessionsField = ({
  enabled = true,
  ownOnly = false,
  usersCollection = 'users',
}: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const headingId = useId()
  const { busy, end, listing, shown, status, viewingOther } = useSessions({
    enabled,
    ownOnly,
    usersCollection,
  })

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
  // How the session was signed in (GitHub and Google show it): the password alone, with a second factor, a passkey.
  const levels: Record<string, string> = {
    mfa: t('authenticationLevelMfa'),
    passkey: t('authenticationLevelPasskey'),
    password: t('authenticationLevelPassword'),
  }
  const deviceOf = (session: SessionSummary) =>
    t('sessionDevice', {
      browser: session.browser ?? t('sessionUnknownBrowser'),
      os: session.os ?? t('sessionUnknownOs'),
    })

  return (
    <section aria-labelledby={headingId} className="backoffice-sessions backoffice-section">
      <h3 dir="auto" id={headingId}>
        {t('sessionsTitle')}
      </h3>
      <p dir="auto">{t('sessionsDescription')}</p>
      {status === 'loading' && <p role="status">{t('sessionsLoading')}</p>}
      {status === 'failed' && <p role="alert">{t('sessionsLoadFailed')}</p>}
      {status === 'ready' && listing && listing.docs.length === 0 && <p>{t('sessionsEmpty')}</p>}
      {status === 'ready' && listing && listing.docs.length > 0 && (
        <ul aria-busy={busy !== null} className="backoffice-plain-list">
          {listing.docs.map((session) => (
            <li className="backoffice-sessions__item" key={session.id}>
              <div>
                <div className="backoffice-sessions__device">
                  <span dir="auto">{deviceOf(session)}</span>
                  {session.current && (
                    <span className="backoffice-badge" dir="auto">
                      {t('sessionCurrent')}
                    </span>
                  )}
                </div>
                <div className="backoffice-sessions__details">
                  {session.authenticationLevel && levels[session.authenticationLevel] && (
                    <span className="backoffice-session__level" dir="auto">
                      {t('sessionLevel', { level: levels[session.authenticationLevel] ?? '' })}
                    </span>
                  )}
                  {session.ipAddress && (
                    <span dir="auto">{t('sessionIpAddress', { ip: session.ipAddress })}</span>
                  )}
                  <span dir="auto">
                    {t('sessionSignedInAt', { time: formatTime(session.createdAt) })}
                  </span>
                  <span dir="auto">
                    {t('sessionLastSeenAt', { time: formatTime(session.lastSeenAt) })}
                  </span>
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
        <div className="backoffice-sessions__actions">
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
