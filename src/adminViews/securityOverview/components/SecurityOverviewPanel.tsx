import type { ServerProps } from 'payload'

import { getBackofficeTranslation } from '../../../shared/i18n/text.js'
import { getPluginOptions } from '../../../shared/options/getPluginOptions.js'
import { isAdmin } from '../../../shared/roles/isAdmin.js'
import { currentNumbers } from '../currentNumbers.js'
import { overviewWindows } from '../overviewWindows.js'
import { securityOverviewRoute } from '../securityOverviewRoute.js'
import { CurrentNumbersList } from './CurrentNumbersList.js'
import { overviewContext } from './overviewContext.js'
import './SecurityOverviewPanel.css'

/**
 * Above the dashboard's cards, for administrators only: what stands right now (locks,
 * suspensions, open requests, sessions, alerts), each linking to its list, and the way to the
 * full overview. Only the "right now" counts are read here, not the chart's or the adoption's.
 */
export const SecurityOverviewPanel = async ({ i18n, payload, user }: ServerProps) => {
  const options = getPluginOptions(payload)
  if (!user || user.collection !== options.usersCollection || !isAdmin(user, options)) {
    return null
  }
  const windows = overviewWindows(new Date())
  const current = await currentNumbers(payload, options, windows)
  const context = overviewContext(payload, options, i18n, windows.at.toISOString())
  const t = getBackofficeTranslation(i18n)
  const adminRoute = payload.config.routes.admin
  return (
    <section
      aria-labelledby="backoffice-security-panel"
      className="backoffice-security-panel backoffice-overview-panel"
    >
      <div className="backoffice-overview-panel__header">
        <h2 className="backoffice-overview-panel__title" id="backoffice-security-panel">
          <bdi>{t('securityOverviewTitle')}</bdi>
        </h2>
        <a href={`${adminRoute === '/' ? '' : adminRoute}${securityOverviewRoute}`}>
          <bdi>{t('securityOverviewOpen')}</bdi>
        </a>
      </div>
      <CurrentNumbersList compact context={context} current={current} />
    </section>
  )
}
