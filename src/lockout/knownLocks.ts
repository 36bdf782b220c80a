import type { Payload } from 'payload'

import type { AuditEventInput } from '../audit/recordAuditEvent.js'

/** What a refusal of a locked address recorded, to record the same for the ones after it. */
export type LockedRefusal = { audit: AuditEventInput; key: string; lockedUntil: Date | null }

/**
 * How long this process answers guesses at an address it found locked without asking the database
 * again. An early unlock (a password reset, an administrator's unblock) is seen this much later.
 */
export const RECHECK_MS = 2000
/** Refusals the database confirmed within `RECHECK_MS` before memory answers: a flood, not a person. */
const FLOOD = 3
const MAX_ADDRESSES = 10_000

type Known = LockedRefusal & { checkedAt: number; confirmed: number }

/**
 * Sign-in addresses this app process found locked a moment ago. A guess at a locked account checks
 * no password and changes nothing, so the database's answer cannot have changed but by an unlock;
 * while an attacker sends hundreds of guesses a second, one database check per address every
 * `RECHECK_MS` is enough, and the refusals in between cost no account read and no claim, only their
 * count in the shared refusal tally (see recordRefusal.ts) (OWASP ASVS 5.0 6.3.1
 * asks for the lockout; keeping other staff signing in at their usual speed is what this is for).
 * Memory answers only once the database has refused `FLOOD` guesses in a row within that time, so a
 * person retrying by hand is always answered from the database.
 */
class KnownLocks {
  private readonly known = new Map<string, Known>()

  private current(email: string, now: number): Known | null {
    const entry = this.known.get(email)
    if (!entry) {
      return null
    }
    const expired =
      now - entry.checkedAt >= RECHECK_MS ||
      (entry.lockedUntil !== null && entry.lockedUntil.getTime() <= now)
    if (expired) {
      this.known.delete(email)
      return null
    }
    return entry
  }

  get(email: string, now = Date.now()): LockedRefusal | null {
    const entry = this.current(email, now)
    return entry && entry.confirmed >= FLOOD ? entry : null
  }

  /** The database has just refused a guess at `email` as locked. */
  remember(email: string, refusal: LockedRefusal, now = Date.now()): void {
    const entry = this.current(email, now)
    if (!entry && this.known.size >= MAX_ADDRESSES) {
      this.known.clear()
    }
    this.known.set(email, {
      ...refusal,
      checkedAt: entry?.checkedAt ?? now,
      confirmed: (entry?.confirmed ?? 0) + 1,
    })
  }
}

const knownLocks = new WeakMap<Payload, KnownLocks>()

export const knownLocksOf = (payload: Payload): KnownLocks => {
  let locks = knownLocks.get(payload)
  if (!locks) {
    locks = new KnownLocks()
    knownLocks.set(payload, locks)
  }
  return locks
}
