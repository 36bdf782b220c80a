import { DAY_MS } from '../../shared/lib/durations.js'

/**
 * The periods the overview counts over, all from one reference time `at` (the moment it was read),
 * so every number and the list it links to select the same rows: the chart's 30 days are whole UTC
 * days ending with today's part up to `at`; "this week" and "today" are the 7 days and 24 hours
 * before `at`.
 */
export const overviewWindows = (at: Date) => {
  const today = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate())
  const chartDays = 30
  return {
    at,
    /** Start of each chart day (UTC midnight), oldest first; the last is today's. */
    days: Array.from(
      { length: chartDays },
      (_, index) => new Date(today - (chartDays - 1 - index) * DAY_MS),
    ),
    /** End of the chart day starting at `start`: the next midnight, or `at` for today. */
    dayEnd: (start: Date) => new Date(Math.min(start.getTime() + DAY_MS, at.getTime())),
    lastDay: new Date(at.getTime() - DAY_MS),
    lastWeek: new Date(at.getTime() - 7 * DAY_MS),
  }
}

export type OverviewWindows = ReturnType<typeof overviewWindows>
