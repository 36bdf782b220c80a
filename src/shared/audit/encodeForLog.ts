/** Longest text kept from one value, so a hostile client cannot bloat the log. */
const DEFAULT_MAX_LENGTH = 1000

const NAMED_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
}

/**
 * Characters that could forge a new line or hide text when an entry is read in a terminal, an
 * exported file or a log viewer: C0 and C1 controls, DEL, the Unicode line and paragraph separators
 * and the bidirectional overrides used in "Trojan Source" spoofing.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const UNSAFE = /[\\\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u

const escape = (character: string): string =>
  NAMED_ESCAPES[character] ?? `\\u${character.codePointAt(0)!.toString(16).padStart(4, '0')}`

/**
 * A value made safe to store in the audit log (OWASP ASVS 5.0 16.4.1): control characters become
 * visible escapes (`\n`, `\u001b`), so one entry can never pose as two, and backslashes are doubled,
 * so an escape that was typed cannot pass for one that was encoded. Longer values are cut at
 * `maxLength` characters (never inside an escape or a surrogate pair) and end with `…`.
 */
export const encodeForLog = (
  value: string,
  { maxLength = DEFAULT_MAX_LENGTH }: { maxLength?: number } = {},
): string => {
  let encoded = ''
  for (const character of value) {
    const piece = UNSAFE.test(character) ? escape(character) : character
    if (encoded.length + piece.length > maxLength) {
      return `${encoded}…`
    }
    encoded += piece
  }
  return encoded
}
