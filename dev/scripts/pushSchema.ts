/**
 * Creates or updates the database schema from the Payload config (Payload's `push`), for a database
 * that `next start` will use: production servers never push. Used by the browser tests and CI.
 */
import { getPayload } from 'payload'

import { closePayload } from '../database/closePayload.js'

const { default: config } = await import('../payload.config.js')
const payload = await getPayload({ config })
await closePayload(payload)
process.exit(0)
