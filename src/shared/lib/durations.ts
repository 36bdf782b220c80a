/** A day in milliseconds, for retention windows, expiries and the overview's days (UTC, no leap seconds). */
export const DAY_MS = 24 * 60 * 60 * 1000
