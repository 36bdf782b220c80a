/**
 * How often the password whose SHA-1 ends in `suffix` was seen in breaches, read from a k-anonymity
 * range answer (the Pwned Passwords shape: one `SUFFIX:COUNT` per line, suffixes of 35 hexadecimal
 * digits). Lines with a count of 0 are padding the service adds when asked (`Add-Padding: true`),
 * so that the answer's size does not tell an observer which prefix was asked: they never count.
 * 0 when the suffix is absent.
 */
export const breachCountInRange = (body: string, suffix: string): number => {
  const wanted = suffix.toUpperCase()
  for (const line of body.split('\n')) {
    const [lineSuffix, count] = line.trim().split(':')
    if (lineSuffix?.toUpperCase() === wanted) {
      const seen = Number.parseInt(count ?? '', 10)
      return Number.isFinite(seen) && seen > 0 ? seen : 0
    }
  }
  return 0
}
