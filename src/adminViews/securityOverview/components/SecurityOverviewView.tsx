import type { AdminViewServerProps } from 'payload'

import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter } from '@payloadcms/ui'
import { notFound, redirect } from 'next/navigation.js'

import { getBackofficeTranslation } from '../../../shared/i18n/text.js'
import { getPluginOptions } from '../../../shared/options/getPluginOptions.js'
import { requestUser } from '../../../shared/request/requestUser.js'
import { isAdmin } from '../../../shared/roles/isAdmin.js'
import { securityOverview } from '../securityOverview.js'
import { securityOverviewRoute } from '../securityOverviewRoute.js'
import { AdoptionSection } from './AdoptionSection.js'
import { CurrentNumbersList } from './CurrentNumbersList.js'
import { overviewContext } from './overviewContext.js'
import './overviewStyles.css'
import './SecurityOverviewView.css'
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
  // In UTC, named, like the chart's days: the page is rendered on the server, which does not know
  // the administrator's zone. Field by field, since Intl refuses dateStyle with timeZoneName.
  const countedAt = new Intl.DateTimeFormat(req.i18n.language, {
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    month: 'short',
    second: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
    year: 'numeric',
  }).format(new Date(overview.at))
  // The sentence around the time, with the time isolated in it: a date in another script or
  // direction than the sentence (an Arabic date in an English text) keeps its order.
  const marker = '\u2063'
  const [before = '', after = ''] = t('securityOverviewCountedAt', { time: marker }).split(marker)
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
        <h1 className="backoffice-security-overview__title">
          <bdi>{t('securityOverviewTitle')}</bdi>
        </h1>
        <p className="backoffice-overview__lead" data-overview-at={overview.at}>
          <bdi>
            {before}
            <bdi>
              <time dateTime={overview.at}>{countedAt}</time>
            </bdi>
            {after}
          </bdi>
        </p>
        <section aria-labelledby="backoffice-security-now" className="backoffice-overview__section">
          <h2 className="backoffice-overview__heading" id="backoffice-security-now">
            <bdi>{t('securityNowHeading')}</bdi>
          </h2>
          <CurrentNumbersList context={context} current={overview.current} />
        </section>
        <SignInsSection context={context} signIns={overview.signIns} />
        <AdoptionSection adoption={overview.adoption} context={context} />
      </Gutter>
    </DefaultTemplate>
  )
}
