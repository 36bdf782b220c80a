import type { ServerProps } from 'payload'

import { getBackofficeTranslation } from '../../../shared/i18n/text.js'
import { getPluginOptions } from '../../../shared/options/getPluginOptions.js'
import { isAdmin } from '../../../shared/roles/isAdmin.js'
import { currentNumbers } from '../currentNumbers.js'
import { overviewWindows } from '../overviewWindows.js'
import { securityOverviewRoute } from '../securityOverviewRoute.js'
import { CurrentNumbersList } from './CurrentNumbersList.js'
import { overviewContext } from './overviewContext.js'

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
      className="backoffice-security-panel"
      // Payload's dashboard pads each of its widgets by 6 px inside the gutter
      // (@payloadcms/next, views/Dashboard/Default/ModularDashboard): the same inset lines the
      // panel up with the cards below it, on either side (right to left too).
      style={{ marginBlockEnd: 'calc(var(--base) * 2)', marginInline: '6px' }}
    >
      <div
        style={{
          alignItems: 'baseline',
          display: 'flex',
          flexWrap: 'wrap',
          gap: 'var(--base)',
          justifyContent: 'space-between',
          marginBlockEnd: 'var(--base)',
        }}
      >
        <h2 id="backoffice-security-panel" style={{ margin: 0 }}>
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
