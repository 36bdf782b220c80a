import { isBackofficeLanguage } from '../translations/languages.js'

/**
 * "in 5 minutes", "in 5 Minuten", "dans 5 minutes", "over 5 minuten": how long until something may be
 * tried again, in the language of the sentence it completes, from `Intl.RelativeTimeFormat` (which
 * Node ships for every locale). Rounded up, so nobody comes back a moment too early; seconds under
 * two minutes, minutes under two hours, then hours.
 *
 * The sentences that take it exist in the plugin's own languages; any other language reads them in
 * English (see `backofficeText`), so the wait is told in English too, rather than one sentence in two
 * languages. Light enough for the sign-in page's countdown (`SignInAlert`): it loads no text table.
 */
export const relativeWait = (seconds: number, language: string): string => {
  const locale = isBackofficeLanguage(language) ? language : 'en'
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })
  const wait = Math.max(1, Math.ceil(seconds))
  if (wait < 120) {
    return format.format(wait, 'second')
  }
  if (wait < 2 * 3600) {
    return format.format(Math.ceil(wait / 60), 'minute')
  }
  return format.format(Math.ceil(wait / 3600), 'hour')
}
