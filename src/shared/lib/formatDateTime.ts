/**
 * A date and time as people of `language` write it (medium date, short time), or null for no value.
 * An unknown language falls back to the runtime's default rather than failing the whole view.
 */
export const formatDateTime = (
  language: string,
  value: Date | null | string | undefined,
): null | string => {
  if (!value) {
    return null
  }
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) {
    return null
  }
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      date,
    )
  } catch {
    return date.toLocaleString()
  }
}
