import type { BackofficeTranslationKey } from '../../translations/types.js'

import { translationNamespace } from '../../translations/index.js'

/** The server components' counterpart of `useBackofficeTranslation`, from the request's `i18n`. */
export const getBackofficeTranslation = (i18n: { t: (...args: never[]) => string }) => {
  const translate = i18n.t as unknown as (key: string, vars?: Record<string, unknown>) => string
  return (key: BackofficeTranslationKey, variables?: Record<string, number | string>): string =>
    translate(`${translationNamespace}:${key}`, variables)
}
