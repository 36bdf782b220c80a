import type { Payload } from 'payload'

import type { AuditEventInput } from '../../shared/audit/recordAuditEvent.js'

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

/** What any refusal kept here needs: until when the database said it holds. */
type Refusal = { lockedUntil: Date | null }
type Known<T extends Refusal> = T & { checkedAt: number; confirmed: number }

/**
 * Sign-in addresses this app process found locked a moment ago (and, by the same rules, client
 * addresses found out of their budget: knownClientBlocksOf). A guess at a locked account checks
 * no password and changes nothing, so the database's answer cannot have changed but by an unlock;
 * while an attacker sends hundreds of guesses a second, one database check per address every
 * `RECHECK_MS` is enough, and the refusals in between cost no account read and no claim, only their
 * count in the shared refusal tally (see recordRefusal.ts) (OWASP ASVS 5.0 6.3.1
 * asks for the lockout; keeping other staff signing in at their usual speed is what this is for).
 * Memory answers only once the database has refused `FLOOD` guesses in a row within that time, so a
 * person retrying by hand is always answered from the database.
 */
class KnownRefusals<T extends Refusal> {
  private readonly known = new Map<string, Known<T>>()

  private current(key: string, now: number): Known<T> | null {
    const entry = this.known.get(key)
    if (!entry) {
      return null
    }
    const expired =
      now - entry.checkedAt >= RECHECK_MS ||
      (entry.lockedUntil !== null && entry.lockedUntil.getTime() <= now)
    if (expired) {
      this.known.delete(key)
      return null
    }
    return entry
  }

  get(key: string, now = Date.now()): null | T {
    const entry = this.current(key, now)
    return entry && entry.confirmed >= FLOOD ? entry : null
  }

  /** The database has just refused a guess at `key` (as locked, or its client as out of budget). */
  remember(key: string, refusal: T, now = Date.now()): void {
    const entry = this.current(key, now)
    if (!entry && this.known.size >= MAX_ADDRESSES) {
      this.known.clear()
    }
    this.known.set(key, {
      ...refusal,
      checkedAt: entry?.checkedAt ?? now,
      confirmed: (entry?.confirmed ?? 0) + 1,
    })
  }
}

const knownLocks = new WeakMap<Payload, KnownRefusals<LockedRefusal>>()

export const knownLocksOf = (payload: Payload): KnownRefusals<LockedRefusal> => {
  let locks = knownLocks.get(payload)
  if (!locks) {
    locks = new KnownRefusals()
    knownLocks.set(payload, locks)
  }
  return locks
}

const knownClientBlocks = new WeakMap<Payload, KnownRefusals<Refusal>>()

/**
 * Client addresses (the per-client limit's keys, see claimClientAttempt.ts) this process found out
 * of their budget a moment ago, kept as the locked sign-in addresses are and for the same reason.
 * Once an attacker's address has used its budget, its guesses at an account that is itself
 * locked never reach the account's check, so without this every one of them would read the
 * account and ask the database again (two statements, one of them locking the address's counter
 * row) at the pace the attacker sends them, and the app's database pool would serve the attack
 * before anyone else's sign-in.
 */
export const knownClientBlocksOf = (payload: Payload): KnownRefusals<Refusal> => {
  let blocks = knownClientBlocks.get(payload)
  if (!blocks) {
    blocks = new KnownRefusals()
    knownClientBlocks.set(payload, blocks)
  }
  return blocks
}
