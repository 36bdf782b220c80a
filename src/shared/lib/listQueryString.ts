/** A value a list filter holds: Payload's `where` shape, with strings, numbers, booleans and arrays. */
export type QueryValue = boolean | number | QueryValue[] | string | { [key: string]: QueryValue }

/**
 * The query string of an admin list view filtered by `where` (`where[and][0][event][equals]=...`),
 * in the bracket syntax Payload's admin parses with `qs` (at most 10 levels deep). Brackets and
 * values are percent-encoded, so the result can go straight into an `href`.
 */
export const listQueryString = (where: QueryValue): string => {
  const pairs: string[] = []
  const walk = (value: QueryValue, path: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${path}[${index}]`))
    } else if (typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        walk(item, `${path}[${key}]`)
      }
    } else {
      pairs.push(`${encodeURIComponent(path)}=${encodeURIComponent(String(value))}`)
    }
  }
  walk(where, 'where')
  return pairs.join('&')
}
