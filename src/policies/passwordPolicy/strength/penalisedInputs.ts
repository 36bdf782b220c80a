/** What the strength check knows about the account whose password is being set. */
export type AccountWords = { email?: unknown; name?: unknown; username?: unknown }

/**
 * Words the strength check treats as known to an attacker (ASVS 5.0 6.2.12: contextual words): each
 * value whole, an email's local part, and their pieces, so that `jane.doe@…` makes `JaneDoe2024!`
 * weak as well as `jane.doe`. Takes the account (server) or plain words (a field's `userInputs`).
 */
export const penalisedInputs = (account: AccountWords | unknown[]): string[] => {
  const values = Array.isArray(account) ? account : [account.email, account.name, account.username]
  const words = new Set<string>()
  const add = (value: string) => {
    const word = value.trim().toLowerCase()
    // One- and two-letter pieces would penalise nearly every password without telling anything.
    if (word.length >= 3) {
      words.add(word)
    }
  }
  const addWithPieces = (value: string) => {
    add(value)
    const pieces = value.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
    for (const piece of pieces) {
      add(piece)
    }
    // zxcvbn matches each word but prices short runs around separators as brute force, so
    // `Jane-Doe-1` would pass on `jane` and `doe` alone: the joined forms catch it.
    if (pieces.length > 1) {
      for (const separator of ['', ' ', '-', '.', '_']) {
        add(pieces.join(separator))
      }
    }
  }
  for (const value of values) {
    if (typeof value !== 'string') {
      continue
    }
    const at = value.lastIndexOf('@')
    if (at > 0) {
      add(value)
      addWithPieces(value.slice(0, at))
    } else {
      addWithPieces(value)
    }
  }
  return [...words]
}
