import type { BeforeListTableServerProps } from 'payload'
import type { CSSProperties } from 'react'

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

const labels = {
  locked: 'quickFilterLocked',
  suspended: 'quickFilterSuspended',
  withoutSecondFactor: 'quickFilterWithoutSecondFactor',
} as const satisfies Record<QuickFilterName, string>

// Logical properties only, so the row mirrors in right-to-left languages.
const styles = {
  filter: {
    border: '1px solid var(--theme-elevation-250)',
    borderRadius: 'var(--style-radius-l)',
    color: 'var(--theme-text)',
    display: 'inline-block',
    lineHeight: 1.6,
    paddingBlock: 'calc(var(--base) / 8)',
    paddingInline: 'calc(var(--base) / 2)',
    textDecoration: 'none',
  },
  active: {
    backgroundColor: 'var(--theme-elevation-800)',
    borderColor: 'var(--theme-elevation-800)',
    color: 'var(--theme-elevation-0)',
  },
  list: {
    alignItems: 'center',
    display: 'flex',
    flexWrap: 'wrap',
    gap: 'calc(var(--base) / 2)',
    listStyle: 'none',
    margin: 0,
    marginBlockEnd: 'var(--base)',
    padding: 0,
  },
} satisfies Record<string, CSSProperties>

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
      <ul style={styles.list}>
        <li>
          <Link
            aria-current={none ? 'true' : undefined}
            href={href([])}
            style={none ? { ...styles.filter, ...styles.active } : styles.filter}
          >
            {t('quickFilterAll')}
          </Link>
        </li>
        {filters.map(({ active, name, params }) => (
          <li key={name}>
            <Link
              aria-current={active ? 'true' : undefined}
              data-filter={name}
              href={href(params)}
              style={active ? { ...styles.filter, ...styles.active } : styles.filter}
            >
              {t(labels[name])}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
