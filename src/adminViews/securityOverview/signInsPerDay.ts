import type { Payload } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { OverviewWindows } from './overviewWindows.js'

import { sqlFor } from '../../shared/db/sql.js'
import { type SignInMethod, signInMethods, type SignInOutcome } from './signInMethods.js'
import { signInsPerDayStatement } from './signInsPerDayStatement.js'

/** Per outcome and method, one count per chart day (oldest first). */
export type SignInsPerDay = Record<SignInOutcome, Record<SignInMethod, number[]>>

/**
 * Sign-ins per UTC day over the chart's 30 days, succeeded and refused, by method, in one grouped
 * scan (see `signInsPerDayStatement`).
 */
export const signInsPerDay = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  windows: OverviewWindows,
): Promise<SignInsPerDay> => {
  const { days } = windows
  const rows = await sqlFor(payload, options.audit.slug).execute<{
    day: string
    method: SignInMethod
    n: number | string
    outcome: SignInOutcome
  }>(signInsPerDayStatement(payload, options, windows))
  const dayIndex = new Map(days.map((day, index) => [day.toISOString().slice(0, 10), index]))
  const empty = () =>
    Object.fromEntries(signInMethods.map((method) => [method, days.map(() => 0)])) as Record<
      SignInMethod,
      number[]
    >
  const result: SignInsPerDay = { refused: empty(), succeeded: empty() }
  for (const row of rows) {
    const index = dayIndex.get(row.day)
    if (index !== undefined) {
      result[row.outcome][row.method][index] = Number(row.n)
    }
  }
  return result
}
