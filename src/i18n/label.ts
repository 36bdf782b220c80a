import type { BackofficeTranslationKey } from '../translations/types.js'

import { translationNamespace } from '../translations/index.js'

/**
 * A field, option or collection label that Payload translates into the admin's language from the
 * plugin's tables: `label: label('fieldLockoutUntil')`.
 */
export const label =
  (key: BackofficeTranslationKey) =>
  ({ t }: { t: (key: never) => string }): string =>
    (t as unknown as (key: string) => string)(`${translationNamespace}:${key}`)
