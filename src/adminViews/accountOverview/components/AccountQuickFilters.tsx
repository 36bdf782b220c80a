import type { BeforeListTableServerProps } from 'payload'

import { Link } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'

import { getBackofficeTranslation } from '../../../shared/i18n/text.js'
import { getPluginOptions } from '../../../shared/options/getPluginOptions.js'
import { isAdmin } from '../../../shared/roles/isAdmin.js'
import { accountsWithPasskeys } from '../accountsWithPasskeys.js'
import {
  isQuickFilterActive,
  type QuickFilterName,
  quickFilterNames,
  quickFilterParams,
} from '../quickFilters.js'
import './AccountQuickFilters.css'

const labels = {
  locked: 'quickFilterLocked',
  suspended: 'quickFilterSuspended',
  withoutSecondFactor: 'quickFilterWithoutSecondFactor',
} as const satisfies Record<QuickFilterName, string>

/** A filter's link, filled when it is the one applied. */
const filterClass = (active: boolean) =>
  active
    ? 'backoffice-quick-filters__filter backoffice-quick-filters__filter--active'
    : 'backoffice-quick-filters__filter'

/** The address's parameters as `[key, value]` pairs, whether Next handed them flat or nested. */
const flatten = (value: unknown, prefix = ''): [string, string][] => {
  if (value === undefined || value === null) {
    return []
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => flatten(item, prefix ? `${prefix}[${i}]` : String(i)))
  }
  if (typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      flatten(item, prefix ? `${prefix}[${key}]` : key),
    )
  }
  return [[prefix, String(value)]]
}

/**
 * Above the users list, for administrators: one link per quick filter (suspended, locked, without
 * two-factor) and one back to every account, the applied one marked with `aria-current`. Links, not
 * buttons, so each filtered list has an address to share or bookmark; they keep the page size and
 * sort and the search, and start again at page 1.
 */
export const AccountQuickFilters = async ({
  collectionConfig,
  i18n,
  payload,
  searchParams,
  user,
}: BeforeListTableServerProps) => {
  const options = getPluginOptions(payload)
  if (!options.enabled || !isAdmin(user, options)) {
    return null
  }
  const t = getBackofficeTranslation(i18n)
  const current = flatten(searchParams ?? {})
  const kept = current.filter(([key]) => key === 'limit' || key === 'search' || key === 'sort')
  const href = (params: [string, string][]) =>
    `${formatAdminURL({
      adminRoute: payload.config.routes.admin,
      path: `/collections/${collectionConfig.slug}`,
    })}?${new URLSearchParams([...kept, ...params]).toString()}`
  const now = new Date()
  const withPasskeys = await accountsWithPasskeys(payload)
  const filters = quickFilterNames.map((name) => {
    const params = quickFilterParams(name, { now, withPasskeys })
    return { active: isQuickFilterActive(name, params, current), name, params }
  })
  const none = !current.some(([key]) => key.startsWith('where['))

  return (
    <nav aria-label={t('quickFiltersLabel')} className="backoffice-quick-filters">
      <ul className="backoffice-quick-filters__list">
        <li>
          <Link
            aria-current={none ? 'true' : undefined}
            className={filterClass(none)}
            href={href([])}
          >
            {t('quickFilterAll')}
          </Link>
        </li>
        {filters.map(({ active, name, params }) => (
          <li key={name}>
            <Link
              aria-current={active ? 'true' : undefined}
              className={filterClass(active)}
              data-filter={name}
              href={href(params)}
            >
              {t(labels[name])}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
