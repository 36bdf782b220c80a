import type { PayloadRequest } from 'payload'

import type { CatalogueError } from './CatalogueError.js'

import { metricsOf } from '../metrics/metricsOf.js'

/**
 * Logs and counts a refusal of the catalogue (status below 500): at `info`, with its code, status and
 * route, and no stack, which would say only where the plugin refused, never what went wrong. A wrong
 * password or an ended session is the system working; an ERROR line for each would bury the real
 * failures and page someone for an attacker's typing. The query string stays out (links carry tokens
 * there). What the client sent, and who it was, is in the audit entry when the refusal has one.
 */
export const logRefusal = (
  req: Pick<PayloadRequest, 'method' | 'pathname' | 'payload'>,
  error: CatalogueError,
): void => {
  metricsOf(req.payload).refusals.inc({ code: error.code })
  req.payload.logger.info({
    msg: `payload-backoffice: refused ${error.code}`,
    refusal: { code: error.code, method: req.method, path: req.pathname, status: error.status },
  })
}
