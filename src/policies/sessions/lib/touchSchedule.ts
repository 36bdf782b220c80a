/**
 * Which sessions are due for a "last seen" write, remembered in this process. Between two writes
 * of a session, requests cost one Map lookup and no database work at all. The memory is bounded:
 * past `maxEntries` the oldest entries are forgotten, which only means one early database check.
 * Each app process keeps its own; the database write itself is conditional, so several processes
 * still write a session at most about once per interval between them.
 */
export class TouchSchedule {
  private readonly touched = new Map<string, number>()

  constructor(
    private readonly intervalMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /**
   * True when `sid` has not been handled within the interval, and records it as handled now, so
   * that parallel requests of one session in this process make a single write between them.
   */
  claim(sid: string, nowMs: number): boolean {
    const last = this.touched.get(sid)
    if (last !== undefined && nowMs - last < this.intervalMs) {
      return false
    }
    // Re-inserting keeps the Map in order of last claim, so the first key is the oldest.
    this.touched.delete(sid)
    this.touched.set(sid, nowMs)
    if (this.touched.size > this.maxEntries) {
      const oldest = this.touched.keys().next().value
      if (oldest !== undefined) {
        this.touched.delete(oldest)
      }
    }
    return true
  }

  /** Forgets `sid`, for a session that ended. */
  forget(sid: string): void {
    this.touched.delete(sid)
  }
}
