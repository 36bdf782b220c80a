import type { AfterErrorHook } from 'payload'

import { CatalogueError } from '../../shared/errors/CatalogueError.js'
import { logRefusal } from '../../shared/errors/logRefusal.js'

/**
 * The name Payload's error logger looks up in `config.loggingLevels`
 * (payload/dist/utilities/logError.js). Unlisted names are logged at ERROR with their stack, so a
 * refusal thrown inside a Payload operation (a hook refusing an update, say) would read as a crash.
 */
export const backofficeErrorName = 'BackofficeError'

/**
 * Payload's `afterError` hook, run for every error Payload's REST handler answers
 * (payload/dist/utilities/routeError.js). The plugin sets `loggingLevels.BackofficeError` to `false`,
 * so Payload leaves its errors to this hook: a refusal (below 500) is logged at info without a stack
 * and counted; anything else stays at ERROR with its stack and cause. An app that set its own level
 * for `BackofficeError` has Payload log them as it asked, and this hook stays out of the way.
 */
export const logThrownRefusal: AfterErrorHook = ({ error, req }) => {
  if (!(error instanceof CatalogueError)) {
    return
  }
  const levels = req.payload.config.loggingLevels as Record<string, unknown> | undefined
  if (levels?.[backofficeErrorName] !== false) {
    return
  }
  if (error.status < 500) {
    logRefusal(req, error)
  } else {
    req.payload.logger.error({ err: error, msg: `payload-backoffice: ${error.code}` })
  }
}
