/**
 * Reads RFC 4180 CSV (quoted fields, doubled quotes, CRLF records, an optional UTF-8 byte order
 * mark) into rows of fields, as a spreadsheet would: to check an export by what it holds.
 */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"'
        index++
      } else if (char === '"') {
        quoted = false
      } else {
        field += char
      }
    } else if (char === '"' && field === '') {
      quoted = true
    } else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\r' && body[index + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      index++
    } else {
      field += char
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows
}
