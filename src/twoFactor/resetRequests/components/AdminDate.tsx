'use client'

import { useTranslation } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

/**
 * A moment in the admin's language and the browser's time zone, named ("26 Nov 2026, 19:40 CET").
 * Formatted once mounted: the server knows neither the time zone nor, for certain, the locale's
 * data, and a server text differing from the browser's would be a hydration mismatch. Until then,
 * and for machines, the `<time>` element carries the ISO 8601 value.
 */
export const AdminDate = ({ value }: { value: null | string }) => {
  const { i18n } = useTranslation()
  const [formatted, setFormatted] = useState<null | string>(null)
  useEffect(() => {
    if (!value) {
      return
    }
    const date = new Date(value)
    setFormatted(
      Number.isNaN(date.getTime())
        ? value
        : new Intl.DateTimeFormat(i18n.language, {
            dateStyle: 'medium',
            timeStyle: 'short',
            timeZoneName: 'short',
          }).format(date),
    )
  }, [i18n.language, value])
  if (!value) {
    return null
  }
  return <time dateTime={value}>{formatted ?? value}</time>
}
