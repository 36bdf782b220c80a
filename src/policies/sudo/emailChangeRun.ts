/** What the undo rules need of one stored email change (see emailChangesCollection.ts). */
export type EmailChangeRecord = {
  createdAt: string
  id: number | string
  kind?: 'change' | 'repair' | null
  newEmail: string
  previousEmail: string
  /** When the session that made it signed in, for the account's own change. */
  sessionStartedAt?: null | string
  undoneAt?: null | string
  voidedAt?: null | string
}

/** Whether a change's undo link still works (its expiry is checked where the rows are read). */
export const isPendingUndo = (record: EmailChangeRecord): boolean =>
  record.kind !== 'repair' && !record.undoneAt && !record.voidedAt

/**
 * The address an undo restores, from an account's changes within the undo window, oldest first:
 * the address the account had before the first change of the window, or the one the latest repair
 * set. Null when there is no change in the window. Every change of a run stores this same address
 * as the one its link restores, so a thief who changed A to B and B to C never gets a link that
 * restores B: only A's holder can undo, and a later change cannot void A's link (unlike an undo
 * link per change, which a thief could post for their own earlier address once the owner undid).
 */
export const runOrigin = (records: readonly EmailChangeRecord[]): null | string => {
  let origin: null | string = null
  for (const record of records) {
    if (record.kind === 'repair') {
      origin = record.newEmail
    } else if (origin === null) {
      origin = record.previousEmail
    }
  }
  return origin
}

/**
 * When the run of changes still open began: the first change whose undo link still works, or the
 * sign-in of a session that made one of its changes, if earlier (a thief may add a passkey first and
 * move the address after). What was added to the account's sign-in from then on is what a recovery
 * path holds for review. Null when no change is pending.
 */
export const runStart = (records: readonly EmailChangeRecord[]): Date | null => {
  const pending = records.filter(isPendingUndo)
  const times = pending.flatMap((record) =>
    [record.createdAt, record.sessionStartedAt].filter((time): time is string => !!time),
  )
  return times.length === 0
    ? null
    : new Date(Math.min(...times.map((time) => new Date(time).getTime())))
}
