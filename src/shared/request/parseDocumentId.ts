/** Longest text id accepted: UUIDs (36) and Mongo ObjectIds (24) fit with room to spare. */
const MAX_TEXT_ID = 64

/**
 * A document id from a URL or query string, in the type the collection uses, or null when it cannot
 * be one: the request is then refused as malformed before any query, instead of failing in the
 * database (a 500) or matching by accident.
 */
export const parseDocumentId = (
  raw: unknown,
  idType: 'number' | 'text',
): null | number | string => {
  if (typeof raw !== 'string') {
    return null
  }
  if (idType === 'number') {
    if (!/^[1-9]\d{0,15}$/.test(raw)) {
      return null
    }
    const id = Number(raw)
    return Number.isSafeInteger(id) ? id : null
  }
  return raw.length <= MAX_TEXT_ID && /^[A-Za-z0-9_-]+$/.test(raw) ? raw : null
}
