import type { CurrentNumbers } from '../currentNumbers.js'
import type { OverviewContext } from './overviewContext.js'

import { resetRequestsSlug } from '../../../policies/twoFactor/resetRequests/constants.js'
import { overviewFilters } from '../overviewFilters.js'
import '../../../shared/components/backoffice.css'
import './overviewStyles.css'

const noteId = 'backoffice-locked-addresses-note'

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
      <ul className="backoffice-plain-list backoffice-overview__cards">
        {cards.map((card) => {
          const body = (
            <>
              <span className="backoffice-overview__card-number">{count(card.value)}</span>
              <span className="backoffice-overview__card-label">
                <bdi>{card.label}</bdi>
              </span>
            </>
          )
          return (
            <li data-overview-number={card.id} data-value={card.value} key={card.id}>
              {card.href ? (
                <a
                  className="backoffice-overview-card backoffice-overview__card backoffice-overview__card--link"
                  href={card.href}
                >
                  {body}
                </a>
              ) : (
                <div
                  aria-describedby={card.note && !compact ? noteId : undefined}
                  className="backoffice-overview__card"
                >
                  {body}
                </div>
              )}
            </li>
          )
        })}
      </ul>
      {notes.map((card) => (
        <p className="backoffice-overview__note" id={noteId} key={card.id}>
          <bdi>
            {card.label} — {card.note}
          </bdi>
        </p>
      ))}
    </>
  )
}
