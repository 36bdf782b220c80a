import { isWellFormedToken } from '../../shared/lib/tokens.js'

/**
 * A reset token as it can arrive: the plugin's own (256 bits, base64url), or one made by Payload's
 * Local API `payload.forgotPassword` (160 bits, 40 hex characters), which the plugin also stores only
 * as a hash (see `hashResetTokenOnWrite`). Anything else is refused before the database is asked.
 */
export const isResetToken = (value: unknown): value is string =>
  isWellFormedToken(value) || (typeof value === 'string' && /^[0-9a-f]{40}$/.test(value))
