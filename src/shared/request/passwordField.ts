import * as z from 'zod'

import { credentialLimits } from './credentialLimits.js'

/**
 * A password as an endpoint's body carries it: a non-empty string no longer than
 * `credentialLimits.password`, checked before any hashing (see `passwordRefusal` for the answers).
 */
export const passwordField = z.string().min(1).max(credentialLimits.password)
