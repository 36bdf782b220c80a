import type { CurrentNumbers } from '../currentNumbers.js'
import type { OverviewContext } from './overviewContext.js'

import { resetRequestsSlug } from '../../twoFactor/resetRequests/constants.js'
import { overviewFilters } from '../overviewFilters.js'
import { overviewStyles as styles } from './overviewStyles.js'

/**
 * The "right now" numbers as cards, each a link to the list of exactly what it counts; locked
 * addresses alone have no list (the throttle keeps only keyed hashes of them) and say so.
 */
export const CurrentNumbersList = ({
  context,
  current,
}: {
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
  return (
    <ul style={styles.cards}>
      {cards.map((card) => {
        const body = (
          <>
            <span style={styles.cardNumber}>{count(card.value)}</span>
            <span style={styles.cardLabel}>{card.label}</span>
            {card.note ? <span style={styles.cardNote}>{card.note}</span> : null}
          </>
        )
        return (
          <li data-overview-number={card.id} data-value={card.value} key={card.id}>
            {card.href ? (
              <a href={card.href} style={styles.card}>
                {body}
              </a>
            ) : (
              <div style={styles.card}>{body}</div>
            )}
          </li>
        )
      })}
    </ul>
  )
}
