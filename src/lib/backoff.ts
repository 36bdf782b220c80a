/** The numbers of a lockout policy that the schedule needs. */
export type BackoffPolicy = {
  baseDelaySeconds: number
  maxDelaySeconds: number
  threshold: number
}

/**
 * How long an account stays locked after its `failures`-th consecutive failure: nothing below the
 * threshold, then the base delay, doubling with each further failure up to the cap.
 * `min(base * 2^(failures - threshold), cap)`.
 */
export const lockoutDelaySeconds = (failures: number, policy: BackoffPolicy): number => {
  if (failures < policy.threshold) {
    return 0
  }
  // Past ~60 doublings the power overflows to Infinity; the cap applies long before.
  const doublings = Math.min(failures - policy.threshold, 60)
  return Math.min(policy.baseDelaySeconds * 2 ** doublings, policy.maxDelaySeconds)
}

/** Whole seconds until `until`, at least 1 while it lies ahead: for a Retry-After header. */
export const secondsUntil = (until: Date, now: Date): number =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))
