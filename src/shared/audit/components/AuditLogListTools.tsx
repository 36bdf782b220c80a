'use client'

import { Button, useConfig } from '@payloadcms/ui'
import { useSearchParams } from 'next/navigation.js'

import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'
import '../../components/backoffice.css'
import { auditCategories } from '../auditCategories.js'
import './AuditLogListTools.css'

/** The filter a category link puts in the address, in the form Payload's own filter controls write. */
const categoryKey = 'where[or][0][and][0][category][equals]'

type Props = {
  /** The audit log collection's slug (the plugin's `audit.slug`). */
  slug: string
}

/**
 * Above the audit log's table: one link per category that shows only that category's events (the
 * current one marked, in words for screen readers with `aria-current` and by weight and underline
 * for the eye), and the CSV export of what the list shows now, with its filters and search.
 */
export const AuditLogListTools = ({ slug }: Props) => {
  const t = useBackofficeTranslation()
  const searchParams = useSearchParams()
  const {
    config: {
      routes: { api },
      serverURL,
    },
  } = useConfig()

  const filterKeys = [...searchParams.keys()].filter((key) => key.startsWith('where'))
  const current =
    filterKeys.length === 1 && filterKeys[0] === categoryKey ? searchParams.get(categoryKey) : null
  const hrefFor = (category: null | string): string => {
    const next = new URLSearchParams()
    for (const name of ['limit', 'sort']) {
      const value = searchParams.get(name)
      if (value) next.set(name, value)
    }
    if (category) next.set(categoryKey, category)
    const query = next.toString()
    return query ? `?${query}` : '?'
  }
  const exportQuery = new URLSearchParams(
    [...searchParams.entries()].filter(([key]) => key.startsWith('where') || key === 'search'),
  ).toString()
  const categories: [null | string, string][] = [
    [null, t('auditCategoryAll')],
    ...Object.entries(auditCategories).map(([value, { translationKey }]): [string, string] => [
      value,
      t(translationKey),
    ]),
  ]
  const noFilter = filterKeys.length === 0

  return (
    <div className="audit-log-tools backoffice-audit-log-tools">
      <nav aria-label={t('auditCategoryFilterLabel')}>
        <ul className="backoffice-plain-list backoffice-audit-log-tools__list">
          {categories.map(([value, text]) => {
            const active = value === null ? noFilter : current === value
            return (
              <li key={value ?? 'all'}>
                <a
                  aria-current={active ? 'true' : undefined}
                  className={
                    active
                      ? 'backoffice-audit-log-tools__link backoffice-audit-log-tools__link--active'
                      : 'backoffice-audit-log-tools__link'
                  }
                  data-category={value ?? 'all'}
                  href={hrefFor(value)}
                >
                  {text}
                </a>
              </li>
            )
          })}
        </ul>
      </nav>
      <Button
        buttonStyle="secondary"
        el="anchor"
        margin={false}
        size="small"
        url={`${serverURL}${api}/${slug}/export.csv${exportQuery ? `?${exportQuery}` : ''}`}
      >
        {t('auditExportCsv')}
      </Button>
    </div>
  )
}
