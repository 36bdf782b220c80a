'use client'

import { useTranslation } from '@payloadcms/ui'
import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

// Field by field: Intl refuses `dateStyle`/`timeStyle` together with `timeZoneName`.
const dateOptions: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  month: 'short',
  timeZoneName: 'short',
  year: 'numeric',
}

/** Payload names some languages by keys that are no BCP 47 tags (`zhTw`): those get the browser's. */
const formatIn = (language: string, date: Date) => {
  try {
    return new Intl.DateTimeFormat(language, dateOptions).format(date)
  } catch {
    return new Intl.DateTimeFormat(undefined, dateOptions).format(date)
  }
}

/**
 * A moment in the admin's language and the browser's time zone, named ("Nov 26, 2026, 7:40 PM
 * UTC"). Formatted in the browser only: the server knows neither the time zone nor, for certain,
 * the locale's data, and a server text differing from the browser's would be a hydration mismatch
 * (React renders the server snapshot while hydrating, then the browser's). Until then, and for
 * machines, the `<time>` element carries the ISO 8601 value.
 */
export const AdminDate = ({ value }: { value: null | string }) => {
  const { i18n } = useTranslation()
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  if (!value) {
    return null
  }
  const date = new Date(value)
  const formatted =
    inBrowser && !Number.isNaN(date.getTime()) ? formatIn(i18n.language, date) : value
  return <time dateTime={value}>{formatted}</time>
}
