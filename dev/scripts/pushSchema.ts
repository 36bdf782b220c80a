/**
 * Creates or updates the database schema from the Payload config (Payload's `push`), for a database
 * that `next start` will use: production servers never push. Used by the browser tests and CI.
 */
import { getPayload } from 'payload'

const { default: config } = await import('../payload.config.js')
const payload = await getPayload({ config })
await payload.destroy()
process.exit(0)
