/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"). */
const formulaStart = /^[=+\-@\t\r]/

const cell = (value: unknown): string => {
  if (value === null || value === undefined) {
    return ''
  }
  let text = typeof value === 'string' ? value : JSON.stringify(value)
  // OWASP CSV Injection: a cell a spreadsheet would run as a formula (=HYPERLINK(...), +cmd, @SUM)
  // starts with a single quote, so it is shown as text. The audit log stores what clients sent
  // (emails tried at sign-in, user agents), so any cell may be hostile.
  if (formulaStart.test(text)) {
    text = `'${text}`
  }
  // RFC 4180 section 2: a field holding a comma, a double quote or a line break is quoted, and a
  // double quote inside it doubled.
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * One CSV record ending in CRLF (RFC 4180): strings as they are, other values as JSON, null and
 * undefined as an empty field; every field escaped and protected against formula injection.
 */
export const csvLine = (values: readonly unknown[]): string => `${values.map(cell).join(',')}\r\n`
