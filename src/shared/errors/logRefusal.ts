import type { Payload, PayloadRequest } from 'payload'

import type { CatalogueError } from './CatalogueError.js'

import { metricsOf } from '../metrics/metricsOf.js'

/**
 * Lines a process writes for one refusal code in one second; past them the rest of that second is
 * counted and told in one line when the next refusal of the code comes. A guessing attack is refused
 * some 200 times a second: a line for each would let the attacker fill the log, and its disk and
 * shipping bill, at will (OWASP Logging Cheat Sheet, "Attacks on logs": denial of service by
 * flooding), and the writing alone costs the app CPU the staff's requests need. Every refusal is
 * still counted in the metrics (`backoffice_refusals_total`), and the ones that matter for an
 * investigation are in the audit log (summed up there too, see audit/recordRefusal.ts).
 */
const LINES_PER_SECOND = 10

type Window = { logged: number; second: number; suppressed: number }
const windows = new WeakMap<Payload, Map<string, Window>>()

/** One line for the refusals of a second that were counted but not logged one by one. */
const tellSuppressed = (payload: Payload, code: string, window: Window) => {
  if (window.suppressed === 0) {
    return
  }
  payload.logger.info({
    msg: `payload-backoffice: refused ${code} ${window.suppressed} more times in that second, not logged one by one`,
    refusalsNotLogged: {
      code,
      count: window.suppressed,
      from: new Date(window.second * 1000).toISOString(),
      seconds: 1,
    },
  })
  window.suppressed = 0
}

/**
 * Logs and counts a refusal of the catalogue (status below 500): at `info`, with its code, status and
 * route, and no stack, which would say only where the plugin refused, never what went wrong. A wrong
 * password or an ended session is the system working; an ERROR line for each would bury the real
 * failures and page someone for an attacker's typing. The query string stays out (links carry tokens
 * there). What the client sent, and who it was, is in the audit entry when the refusal has one.
 * At most `LINES_PER_SECOND` lines a second per code; the others are counted in a line of their own.
 */
export const logRefusal = (
  req: Pick<PayloadRequest, 'method' | 'pathname' | 'payload'>,
  error: CatalogueError,
): void => {
  const { payload } = req
  metricsOf(payload).refusals.inc({ code: error.code })
  let byCode = windows.get(payload)
  if (!byCode) {
    byCode = new Map()
    windows.set(payload, byCode)
  }
  const second = Math.floor(Date.now() / 1000)
  const window = byCode.get(error.code) ?? { logged: 0, second, suppressed: 0 }
  byCode.set(error.code, window)
  if (window.second !== second) {
    tellSuppressed(payload, error.code, window)
    window.second = second
    window.logged = 0
  }
  if (window.logged >= LINES_PER_SECOND) {
    if (window.suppressed === 0) {
      // Told when the second is over, if no later refusal has told it by then.
      const timer = setTimeout(
        () => {
          if (window.second === second) {
            tellSuppressed(payload, error.code, window)
          }
        },
        (second + 1) * 1000 - Date.now() + 50,
      )
      timer.unref()
    }
    window.suppressed++
    return
  }
  window.logged++
  payload.logger.info({
    msg: `payload-backoffice: refused ${error.code}`,
    refusal: { code: error.code, method: req.method, path: req.pathname, status: error.status },
  })
}
