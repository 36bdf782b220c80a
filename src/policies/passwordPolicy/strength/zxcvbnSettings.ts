/**
 * The strength checker's numbers, written out rather than left to zxcvbn-ts's defaults so that a
 * library upgrade cannot move them silently. The unit tests pin them.
 */
export const zxcvbnSettings = {
  /**
   * zxcvbn's matching is super-linear in the length and in l33t variants: 256 characters of
   * `Aa1!Aa1!…` took 9 s on one core, 64 characters with the default 100 l33t substitutions 3 s.
   * Judging the first 64 characters with at most 10 substitutions keeps the worst case near 0.5 s
   * on the server and in the browser; characters beyond only add strength, and the same test
   * passwords (P@$$w0rd2024!, Tr0ub4dour&3, …) score the same. Lengths are still checked in full.
   */
  l33tMaxSubstitutions: 10,
  maxLength: 64,
  timeEstimationValues: {
    // Attack speeds of 100 guesses/hour online throttled, 10/s online unthrottled, 1e4/s
    // offline against a slow hash, 1e10/s offline against a fast one.
    attackTime: {
      offlineFastHashingXPerSecond: 1e10,
      offlineSlowHashingXPerSecond: 1e4,
      onlineNoThrottlingXPerSecond: 10,
      onlineThrottlingXPerHour: 100,
    },
    // Guess counts of about 1e3, 1e6, 1e8 and 1e10 separate scores 0|1, 1|2, 2|3 and 3|4.
    scoring: { 0: 1e3, 1: 1e6, 2: 1e8, 3: 1e10 },
  },
} as const
