import type { Config } from 'payload'

/**
 * A text of one of the package's namespaces as a `{ [language]: text }` record, for the few admin
 * settings that take no label function (a collection's `admin.group`). It reads the texts merged
 * into the config's i18n, so the app's overrides win here as they do everywhere else; `english` is
 * the shipped text, used when nothing was merged.
 */
export const namespaceGroup = (
  config: Config,
  namespace: string,
  key: string,
  english: string,
): Record<string, string> => {
  const texts: Record<string, string> = { en: english }
  for (const [language, namespaces] of Object.entries(config.i18n?.translations ?? {})) {
    const text = (namespaces as Record<string, Record<string, unknown> | undefined> | undefined)?.[
      namespace
    ]?.[key]
    if (typeof text === 'string') {
      texts[language] = text
    }
  }
  return texts
}
