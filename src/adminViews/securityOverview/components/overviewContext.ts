import type { Payload } from 'payload'

import type { QueryValue } from '../../../shared/lib/listQueryString.js'
import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { getBackofficeTranslation } from '../../../shared/i18n/text.js'
import { listQueryString } from '../../../shared/lib/listQueryString.js'
import { optionLabels, type SelectOption } from '../../../shared/lib/optionLabels.js'
import { overviewWindows } from '../overviewWindows.js'

/**
 * What every part of the overview page needs: texts and number formats in the admin's language
 * (Intl, so digits and separators are the locale's), the links into filtered list views, and the
 * periods counted, from the overview's own reference time.
 */
export const overviewContext = (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  /** Payload's `i18n` of the request (server and client kinds both fit). */
  i18n: { fallbackLanguage?: string; language: string; t: (...args: never[]) => string },
  at: string,
) => {
  const language = i18n.language
  const numberFormat = new Intl.NumberFormat(language)
  const adminRoute = payload.config.routes.admin
  const rolesField = payload.collections[options.usersCollection]?.config.flattenedFields.find(
    (field) => field.name === options.roles.field,
  )
  const roleOptions = (
    rolesField && 'options' in rolesField ? rolesField.options : []
  ) as SelectOption[]
  return {
    adminRoute,
    count: (value: number) => numberFormat.format(value),
    language,
    /** The admin list view of `slug` filtered to exactly the rows `where` selects. */
    listUrl: (slug: string, where: { [key: string]: QueryValue }) =>
      `${adminRoute === '/' ? '' : adminRoute}/collections/${slug}?${listQueryString(where)}`,
    options,
    roleLabel: (role: string) => optionLabels(role, roleOptions, i18n) || role,
    t: getBackofficeTranslation(i18n),
    windows: overviewWindows(new Date(at)),
  }
}

export type OverviewContext = ReturnType<typeof overviewContext>
