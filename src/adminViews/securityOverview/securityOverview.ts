import type { Payload } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { type Adoption, adoption } from './adoption.js'
import { currentNumbers, type CurrentNumbers } from './currentNumbers.js'
import { overviewWindows } from './overviewWindows.js'
import { rolesSource } from './rolesSource.js'
import { signInsPerDay, type SignInsPerDay } from './signInsPerDay.js'

export type SecurityOverview = {
  adoption: Adoption
  /** The reference time every number was counted at (ISO 8601). */
  at: string
  current: CurrentNumbers
  /** The chart's days, UTC midnights (ISO 8601), oldest first. */
  days: string[]
  signIns: SignInsPerDay
}

/**
 * Everything the security overview shows, counted in PostgreSQL at one reference time. The three
 * parts are independent statements and run side by side on the pool.
 */
export const securityOverview = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  at = new Date(),
): Promise<SecurityOverview> => {
  const windows = overviewWindows(at)
  const [current, signIns, accounts] = await Promise.all([
    currentNumbers(payload, options, windows),
    signInsPerDay(payload, options, windows),
    adoption(payload, options, rolesSource(payload, options)),
  ])
  return {
    adoption: accounts,
    at: at.toISOString(),
    current,
    days: windows.days.map((day) => day.toISOString()),
    signIns,
  }
}
