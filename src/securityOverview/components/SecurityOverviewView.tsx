import type { AdminViewServerProps } from 'payload'

import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter } from '@payloadcms/ui'
import { notFound, redirect } from 'next/navigation.js'

import { getBackofficeTranslation } from '../../i18n/text.js'
import { getPluginOptions } from '../../options/getPluginOptions.js'
import { requestUser } from '../../request/requestUser.js'
import { isAdmin } from '../../roles/isAdmin.js'
import { securityOverview } from '../securityOverview.js'
import { securityOverviewRoute } from '../securityOverviewRoute.js'
import { AdoptionSection } from './AdoptionSection.js'
import { CurrentNumbersList } from './CurrentNumbersList.js'
import { overviewContext } from './overviewContext.js'
import { overviewStyles as styles } from './overviewStyles.js'
import { SignInsSection } from './SignInsSection.js'

/**
 * `{admin}/security`: the security overview, inside the admin's own frame. Custom views are public
 * in Payload, so the checks are here: signed out goes to sign-in (and back), anyone but an
 * administrator gets the admin's "not found", as for a collection they may not read.
 */
export const SecurityOverviewView = async ({
  initPageResult,
  params,
  searchParams,
}: AdminViewServerProps) => {
  const { req } = initPageResult
  const { payload } = req
  const options = getPluginOptions(payload)
  const adminRoute = payload.config.routes.admin
  const user = requestUser(req, options.usersCollection)
  if (!user) {
    redirect(
      `${adminRoute === '/' ? '' : adminRoute}${payload.config.admin.routes.login}?redirect=${encodeURIComponent(`${adminRoute === '/' ? '' : adminRoute}${securityOverviewRoute}`)}`,
    )
  }
  if (!isAdmin(user, options)) {
    notFound()
  }
  const overview = await securityOverview(payload, options)
  const context = overviewContext(payload, options, req.i18n, overview.at)
  const t = getBackofficeTranslation(req.i18n)
  const countedAt = new Intl.DateTimeFormat(req.i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(overview.at))
  return (
    <DefaultTemplate
      i18n={req.i18n}
      locale={initPageResult.locale}
      params={params}
      payload={payload}
      permissions={initPageResult.permissions}
      req={req}
      searchParams={searchParams}
      user={req.user ?? undefined}
      viewType="securityOverview"
      visibleEntities={initPageResult.visibleEntities}
    >
      <Gutter className="backoffice-security-overview">
        <h1 style={{ marginBlockStart: 'calc(var(--base) * 2)' }}>{t('securityOverviewTitle')}</h1>
        <p data-overview-at={overview.at}>{t('securityOverviewCountedAt', { time: countedAt })}</p>
        <section aria-labelledby="backoffice-security-now" style={styles.section}>
          <h2 id="backoffice-security-now">{t('securityNowHeading')}</h2>
          <CurrentNumbersList context={context} current={overview.current} />
        </section>
        <SignInsSection context={context} signIns={overview.signIns} />
        <AdoptionSection adoption={overview.adoption} context={context} />
      </Gutter>
    </DefaultTemplate>
  )
}
