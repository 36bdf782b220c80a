import type {
  BaseDatabaseAdapter,
  CollectionSlug,
  Config,
  FlattenedField,
  PayloadRequest,
  UpdateOneArgs,
} from 'payload'

import { isDeepStrictEqual } from 'node:util'

import { inTransaction } from '../db/inTransaction.js'
import { lockAccountRow } from './lockAccountRow.js'

type Row = Record<string, unknown>
type Session = { [key: string]: unknown; expiresAt?: unknown; id: string }

/**
 * What each request read of each account since it last wrote it, as the adapter answered it. A write
 * is compared with these reads to tell what the operation changed from what it merely carried along.
 */
const readsByRequest = new WeakMap<object, Map<string, Row[]>>()
/** Enough for any one operation; a request that reads one account more often keeps its first reads. */
const maxReadsKept = 8

const isPlainObject = (value: unknown): value is Row =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Date) &&
  Object.getPrototypeOf(value) === Object.prototype

/** Dates as ISO text and without undefined keys, so a value read and the same value written compare equal. */
const comparable = (value: unknown): unknown => {
  if (value instanceof Date) {
    return value.toISOString()
  }
  if (Array.isArray(value)) {
    return value.map(comparable)
  }
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, entry]) => entry !== undefined && key !== '_uuid')
        .map(([key, entry]) => [key, comparable(entry)]),
    )
  }
  return value
}

const same = (a: unknown, b: unknown) => isDeepStrictEqual(comparable(a), comparable(b))

const remember = (req: object | undefined, doc: unknown) => {
  if (!req || !isPlainObject(doc) || doc.id === undefined || doc.id === null) {
    return
  }
  const byId = readsByRequest.get(req) ?? new Map<string, Row[]>()
  readsByRequest.set(req, byId)
  const reads = byId.get(String(doc.id)) ?? []
  if (reads.length < maxReadsKept) {
    reads.push(structuredClone(doc))
  }
  byId.set(String(doc.id), reads)
}

/** The reads this write derives from; forgotten now, so the request's next operation starts afresh. */
const takeReads = (req: object, id: number | string): Row[] => {
  const byId = readsByRequest.get(req)
  const reads = byId?.get(String(id)) ?? []
  byId?.delete(String(id))
  return reads
}

/**
 * `written` with every value the request read and did not change replaced by the stored one: a value
 * equal to what the request read is one the operation carried along, not one it set. Groups are
 * compared field by field. The adapter writes a whole row (an upsert), so values are replaced rather
 * than left out. `id`, `updatedAt` and `sessions` are passed on as given.
 */
const withStoredValues = (
  written: Row,
  reads: Row[],
  stored: Row,
  fields: FlattenedField[],
): Row => {
  const result: Row = {}
  for (const [key, value] of Object.entries(written)) {
    const field = fields.find((candidate) => 'name' in candidate && candidate.name === key)
    if (key === 'id' || key === 'updatedAt' || key === 'sessions') {
      result[key] = value
    } else if (
      field &&
      (field.type === 'group' || field.type === 'tab') &&
      !field.localized &&
      isPlainObject(value)
    ) {
      result[key] = withStoredValues(
        value,
        reads.map((read) => (isPlainObject(read[key]) ? read[key] : {})),
        isPlainObject(stored[key]) ? stored[key] : {},
        field.flattenedFields,
      )
    } else if (key in stored && reads.some((read) => key in read && same(read[key], value))) {
      result[key] = stored[key]
    } else {
      result[key] = value
    }
  }
  return result
}

const sessionsOf = (row: Row | null | undefined): Session[] =>
  Array.isArray(row?.sessions) ? (row.sessions as Session[]) : []

/**
 * The sessions array after this write, applied to the stored one as the changes it makes: sessions
 * it removed go, sessions it added (new sids) come, an expiry it moved moves. A session it merely
 * carried along from its read, and that was ended since, stays ended.
 */
const mergedSessions = (written: Session[], reads: Row[], stored: Session[]): Session[] => {
  const read = reads.map(sessionsOf)
  const everRead = new Set(read.flat().map(({ id }) => id))
  const writtenById = new Map(written.map((session) => [session.id, session]))
  const storedIds = new Set(stored.map(({ id }) => id))
  const now = Date.now()
  return [
    ...stored
      .filter(({ id }) => writtenById.has(id) || !everRead.has(id))
      .map((session) => {
        const mine = writtenById.get(session.id)
        const moved =
          mine &&
          !read.some((list) =>
            list.some(({ expiresAt, id }) => id === session.id && same(expiresAt, mine.expiresAt)),
          )
        return moved ? { ...session, expiresAt: mine.expiresAt } : session
      }),
    ...written.filter(({ id }) => !everRead.has(id) && !storedIds.has(id)),
  ].filter(({ expiresAt }) => new Date(expiresAt as string).getTime() > now)
}

/**
 * Makes every write to the staff accounts change only what its operation changed. Payload's refresh,
 * logout, login and update operations read the whole account and write the whole account back
 * (sessions, password hash, the plugin's security and two-factor state, lockout counters), so a
 * change another request committed in between (an ended session, a new password, a suspension, a
 * second factor) was silently undone. Each write to the users collection now takes the account's
 * row lock (`SELECT … FOR UPDATE`, so writers on any number of app processes go one after the
 * other), reads the account as stored now, keeps the stored value wherever the write carries a
 * value its request read and did not change, and applies its changes to the `sessions` array to
 * the array as stored. A write with no earlier read by its
 * request (the plugin's own targeted writes) is taken as it is.
 *
 * It decorates the database adapter, the one path every Payload operation and the Local API write
 * through, rather than each operation: Payload offers no hook on refresh or logout writes.
 */
export const guardAccountWrites = (result: Config['db'], usersSlug: string): Config['db'] => ({
  ...result,
  init: (args: Parameters<Config['db']['init']>[0]) => {
    const adapter: BaseDatabaseAdapter = result.init(args)
    const { find, findOne, updateOne } = adapter

    adapter.findOne = async function (this: BaseDatabaseAdapter, findArgs) {
      const doc = await findOne.call(this, findArgs)
      if (findArgs.collection === usersSlug) {
        remember(findArgs.req, doc)
      }
      return doc
    } as typeof findOne

    adapter.find = async function (this: BaseDatabaseAdapter, findArgs) {
      const found = await find.call(this, findArgs)
      if (findArgs.collection === usersSlug) {
        found.docs.forEach((doc) => remember(findArgs.req, doc))
      }
      return found
    } as typeof find

    adapter.updateOne = async function (this: BaseDatabaseAdapter, updateArgs: UpdateOneArgs) {
      const { collection, data, id } = updateArgs
      const req = updateArgs.req as PayloadRequest | undefined
      if (collection !== usersSlug || id === undefined || !req?.payload) {
        return updateOne.call(this, updateArgs)
      }
      const reads = takeReads(req, id)
      if (reads.length === 0) {
        return updateOne.call(this, updateArgs)
      }
      return inTransaction(req, async () => {
        await lockAccountRow(req, usersSlug, id)
        const stored = (await findOne.call(this, {
          collection,
          req,
          where: { id: { equals: id } },
        })) as null | Row
        if (!stored) {
          return updateOne.call(this, updateArgs)
        }
        const fields =
          req.payload.collections[usersSlug as CollectionSlug]?.config.flattenedFields ?? []
        const changed = withStoredValues(data, reads, stored, fields)
        if (Array.isArray(data.sessions)) {
          changed.sessions = mergedSessions(data.sessions as Session[], reads, sessionsOf(stored))
        }
        return updateOne.call(this, { ...updateArgs, data: changed })
      })
    } as typeof updateOne

    return adapter
  },
})
