import type { CurrentNumbers } from '../currentNumbers.js'
import type { OverviewContext } from './overviewContext.js'

import { resetRequestsSlug } from '../../../policies/twoFactor/resetRequests/constants.js'
import { overviewFilters } from '../overviewFilters.js'
import { overviewStyles as styles } from './overviewStyles.js'

const noteId = 'backoffice-locked-addresses-note'

// Inline styles have no :hover: a linked card shows it can be opened as Payload's own cards do.
const cardCss = `.backoffice-overview-card:hover{border-color:var(--theme-elevation-400);background:var(--theme-elevation-50)}`

/**
 * The "right now" numbers as cards, each a link to the list of exactly what it counts; locked
 * addresses alone have no list (the throttle keeps only keyed hashes of them) and say so.
 */
export const CurrentNumbersList = ({
  compact = false,
  context,
  current,
}: {
  /** On the dashboard: the cards without the explanation below them, which the full view gives. */
  compact?: boolean
  context: OverviewContext
  current: CurrentNumbers
}) => {
  const { count, listUrl, options, t, windows } = context
  const users = options.usersCollection
  const cards = [
    {
      href: listUrl(users, overviewFilters.lockedAccounts(windows)),
      id: 'lockedAccounts',
      label: t('securityLockedAccounts'),
      value: current.lockedAccounts,
    },
    {
      href: null,
      id: 'lockedAddresses',
      label: t('securityLockedAddresses'),
      note: t('securityLockedAddressesNote'),
      value: current.lockedAddresses,
    },
    {
      href: listUrl(users, overviewFilters.suspendedAccounts()),
      id: 'suspendedAccounts',
      label: t('securitySuspendedAccounts'),
      value: current.suspendedAccounts,
    },
    {
      href: listUrl(resetRequestsSlug, overviewFilters.openResetRequests()),
      id: 'openResetRequests',
      label: t('securityOpenResetRequests'),
      value: current.openResetRequests,
    },
    {
      href: listUrl(options.sessions.slug, overviewFilters.activeSessions(windows)),
      id: 'activeSessions',
      label: t('securityActiveSessions'),
      value: current.activeSessions,
    },
    {
      href: listUrl(options.audit.slug, overviewFilters.guessingAlerts(windows)),
      id: 'guessingAlertsThisWeek',
      label: t('securityGuessingAlerts'),
      value: current.guessingAlertsThisWeek,
    },
    {
      href: listUrl(options.audit.slug, overviewFilters.refusedToday(windows)),
      id: 'refusedSignInsToday',
      label: t('securityRefusedToday'),
      value: current.refusedSignInsToday,
    },
  ]
  // The one card without a list says why below the cards, so that every card keeps one size.
  const notes = compact ? [] : cards.filter((card) => card.note)
  return (
    <>
      <style>{cardCss}</style>
      <ul style={styles.cards}>
        {cards.map((card) => {
          const body = (
            <>
              <span style={styles.cardNumber}>{count(card.value)}</span>
              <span style={styles.cardLabel}>
                <bdi>{card.label}</bdi>
              </span>
            </>
          )
          return (
            <li data-overview-number={card.id} data-value={card.value} key={card.id}>
              {card.href ? (
                <a className="backoffice-overview-card" href={card.href} style={styles.card}>
                  {body}
                </a>
              ) : (
                <div
                  aria-describedby={card.note && !compact ? noteId : undefined}
                  style={styles.card}
                >
                  {body}
                </div>
              )}
            </li>
          )
        })}
      </ul>
      {notes.map((card) => (
        <p id={noteId} key={card.id} style={styles.note}>
          <bdi>
            {card.label} — {card.note}
          </bdi>
        </p>
      ))}
    </>
  )
}
