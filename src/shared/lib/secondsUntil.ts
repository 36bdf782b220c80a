/** Whole seconds until `until`, at least 1 while it lies ahead: for a Retry-After header. */
export const secondsUntil = (until: Date, now: Date): number =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))
