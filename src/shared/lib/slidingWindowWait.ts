/**
 * Seconds until one more attempt fits a sliding-window limit estimated from two fixed windows: the
 * previous window's count weighted by the part of it still inside the sliding window, plus the
 * current window's (the "sliding window counter" of rate limiters such as Cloudflare's and
 * nginx's successors; exact per window, and never more than `limit` in any one window). `elapsed`
 * is the fraction of the current window gone by, from 0 to 1.
 */
export const slidingWindowWait = ({
  current,
  elapsed,
  limit,
  previous,
  windowSeconds,
}: {
  current: number
  elapsed: number
  limit: number
  previous: number
  windowSeconds: number
}): number => {
  const room = limit - 1 - current
  if (room >= 0) {
    // Within this window, once the previous one's weight has shrunk enough.
    const needed = previous > 0 ? 1 - room / previous : 0
    return Math.max(0, Math.ceil((needed - elapsed) * windowSeconds))
  }
  // Not before the next window, once this one's weight there has shrunk enough.
  const needed = current > 0 ? Math.max(0, 1 - (limit - 1) / current) : 0
  return Math.ceil((1 - elapsed + needed) * windowSeconds)
}
