import type { Payload } from 'payload'

/**
 * Failed sign-ins per client address, per app process, in a sliding window: one source spraying
 * guesses over many accounts is slowed although no single account reaches its own lock (rate limiting
 * by address, OWASP Credential Stuffing Prevention Cheat Sheet).
 * Only used with `trustProxy`: without a trusted proxy the address is the client's claim, and a limit
 * on it could be turned against the address of someone else.
 */
class ClientFailures {
  private readonly failures = new Map<string, number[]>()

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  private recent(address: string, now: number): number[] {
    const times = (this.failures.get(address) ?? []).filter((time) => time > now - this.windowMs)
    if (times.length === 0) {
      this.failures.delete(address)
    } else {
      this.failures.set(address, times)
    }
    return times
  }

  /** When the address may try again, if it has used up its failures. */
  blockedUntil(address: string, now = Date.now()): Date | null {
    const times = this.recent(address, now)
    return times.length >= this.limit
      ? new Date(times[times.length - this.limit]! + this.windowMs)
      : null
  }

  fail(address: string, now = Date.now()): void {
    const times = this.recent(address, now)
    // Enough to answer `blockedUntil`; older failures cannot matter.
    this.failures.set(address, [...times.slice(-(this.limit - 1)), now])
    if (this.failures.size > 100_000) {
      // A spray over more addresses than this is not slowed per address anyway: start afresh.
      this.failures.clear()
    }
  }
}

const limits = new WeakMap<Payload, ClientFailures>()

export const clientFailuresOf = (
  payload: Payload,
  {
    clientFailureLimit,
    clientWindowSeconds,
  }: { clientFailureLimit: number; clientWindowSeconds: number },
): ClientFailures => {
  let limit = limits.get(payload)
  if (!limit) {
    limit = new ClientFailures(clientFailureLimit, clientWindowSeconds * 1000)
    limits.set(payload, limit)
  }
  return limit
}
