'use client'

import { useConfig, useTranslation } from '@payloadcms/ui'
import { formatDate } from '@payloadcms/ui/shared'
import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** The zone's short name for a date ("UTC", "GMT+1", "EST"), in the admin's language. */
const zoneName = (date: Date, language: string, timeZone?: string): string =>
  new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'short' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value ?? ''

/**
 * A time of the audit log as the rest of the admin writes it (the app's `admin.dateFormat`, through
 * Payload's own `formatDate`), followed by its time zone, since a log is read across zones and
 * compared with other logs. The server does not know the browser's zone: the page is first drawn in
 * UTC on both sides (so hydration matches), then in the browser's own zone.
 */
export const useAuditTime = (value: unknown): null | { iso: string; text: string } => {
  const {
    config: {
      admin: { dateFormat },
    },
  } = useConfig()
  const { i18n } = useTranslation()
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
  if (typeof value !== 'string' && !(value instanceof Date)) {
    return null
  }
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) {
    return null
  }
  const timezone = inBrowser ? undefined : 'UTC'
  const text = `${formatDate({ date, i18n, pattern: dateFormat, timezone })} ${zoneName(date, i18n.language, timezone)}`
  return { iso: date.toISOString(), text }
}
