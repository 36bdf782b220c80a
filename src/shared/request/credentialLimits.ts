/** Longest credentials the sign-in paths read; longer ones are refused before any hashing. */
export const credentialLimits = {
  /** RFC 5321 caps an address at 254 characters. */
  email: 254,
  /** Far above any passphrase (ASVS 5.0 6.2.9 asks for at least 64), far below a hashing DoS. */
  password: 4096,
} as const
