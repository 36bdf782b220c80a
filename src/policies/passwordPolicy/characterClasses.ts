/** The four character classes composition rules count, by the names the options use. */
export type CharacterClass = 'lowercase' | 'number' | 'special' | 'uppercase'

export type CharacterClassCounts = Record<CharacterClass, number>

/**
 * How many characters of each class a password has, over Unicode code points: `Ä` is an uppercase
 * letter and `٣` a digit, as a person typing them would expect. Letters without case (CJK, Arabic)
 * count in no class, and anything that is neither letter nor digit (space included, as in OWASP's
 * list of special characters) is special.
 */
export const countCharacterClasses = (password: string): CharacterClassCounts => {
  const counts: CharacterClassCounts = { lowercase: 0, number: 0, special: 0, uppercase: 0 }
  for (const character of password) {
    if (/\p{Lu}|\p{Lt}/u.test(character)) {
      counts.uppercase += 1
    } else if (/\p{Ll}/u.test(character)) {
      counts.lowercase += 1
    } else if (/\p{Nd}/u.test(character)) {
      counts.number += 1
    } else if (!/\p{L}|\p{M}|\p{N}/u.test(character)) {
      counts.special += 1
    }
  }
  return counts
}
