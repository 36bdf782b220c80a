import type { Payload, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { createLocalReq } from 'payload'

import type { AuditEventInput, AuditParty } from './recordAuditEvent.js'

import { sqlFor, type Statement } from '../db/sql.js'
import { getPluginOptions } from '../options/getPluginOptions.js'
import { getClientInfo } from '../request/clientInfo.js'
import { recordAuditEvent } from './recordAuditEvent.js'
import { refusalTalliesSlug } from './refusalTallies.js'

/** How long refusals of one thing are summed up into one entry (whole minutes of the clock). */
const PERIOD_SECONDS = 60
/** Addresses kept as a sample in the summary. */
const SAMPLE_ADDRESSES = 5
/** Open rows a process remembers to write at shutdown; past this, the minute's sweep writes them. */
const MAX_TOUCHED = 10_000

/** What this process has counted in open rows, and when it will look for finished minutes. */
type Local = { sweeps: Map<number, NodeJS.Timeout>; touched: Set<string> }
const locals = new WeakMap<Payload, Local>()
const localOf = (payload: Payload): Local => {
  let local = locals.get(payload)
  if (!local) {
    local = { sweeps: new Map(), touched: new Set() }
    locals.set(payload, local)
  }
  return local
}

/** Only what names a party: the entry is stored until its summary, and must hold no secret. */
const partyOnly = (party: AuditParty | undefined): AuditParty | undefined => {
  if (party == null || typeof party === 'string') {
    return party
  }
  const { collection } = party as { collection?: string }
  return {
    ...(collection ? { collection } : {}),
    email: party.email ?? null,
    id: party.id,
    ...(party.username ? { username: party.username } : {}),
  } as AuditParty
}

type Row = {
  entry: AuditEventInput
  first_at: string
  key: string
  last_at: string
  refusals: number | string
  sample_addresses: null | string[]
}

/**
 * Deletes the open rows `which` selects and writes a summary for each that counted refusals after
 * its first. The DELETE hands each row to exactly one caller, whichever process that is, so each
 * summary is written once.
 */
const writeSummaries = async (payload: Payload, which: Statement): Promise<void> => {
  const t = sqlFor(payload, refusalTalliesSlug)
  const rows = await t.execute<Row>(
    sql`DELETE FROM ${t.table} WHERE ${which}
     RETURNING ${t.column('key')} AS key, ${t.column('entry')} AS entry, ${t.column('refusals')} AS refusals,
       ${t.column('firstAt')} AS first_at, ${t.column('lastAt')} AS last_at,
       ${t.column('sampleAddresses')} AS sample_addresses`,
  )
  const { touched } = localOf(payload)
  for (const row of rows) {
    touched.delete(row.key)
    if (Number(row.refusals) === 0) {
      continue
    }
    await recordAuditEvent(await createLocalReq({}, payload), {
      ...row.entry,
      data: {
        ...row.entry.data,
        firstAt: new Date(row.first_at).toISOString(),
        lastAt: new Date(row.last_at).toISOString(),
        refusals: Number(row.refusals),
        sampleAddresses: row.sample_addresses ?? [],
      },
      event: 'login.refusalsSummarised',
    })
  }
}

const finished = (payload: Payload) => {
  const t = sqlFor(payload, refusalTalliesSlug)
  return sql`${t.column('endsAt')} <= now()`
}

/**
 * Summaries of every finished minute, whichever process counted it (or one that has crashed).
 * Never throws: it runs from a timer, possibly after the app closed its database.
 */
const sweep = async (payload: Payload) => {
  try {
    await writeSummaries(payload, finished(payload))
  } catch (error) {
    payload.logger.error({
      err: error,
      msg: 'payload-backoffice: could not write refusal summaries',
    })
  }
}

/** Payloads of this process with refusals counted, for the shutdown handler. */
const counting = new Set<Payload>()
let listening = false
/** Longest a shutdown waits for the summaries (a database that does not answer must not hold it). */
const SHUTDOWN_FLUSH_MS = 3000
/**
 * On SIGTERM or SIGINT, the open summaries this process counted into are written before it goes
 * (else they wait for another process's sweep, or this app's next start). Next.js handles these
 * signals too and calls `process.exit` once its server is closed, which would cut the writes
 * short: while they run, that exit is held back, for at most `SHUTDOWN_FLUSH_MS`. When nothing
 * else listens for the signal, the signal's default follows.
 */
const listenForShutdown = () => {
  if (listening) {
    return
  }
  listening = true
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      const flushing = Promise.race([
        Promise.all(
          [...counting]
            // A Payload shut down before the signal (`payload.destroy()`) has no database left to
            // write to; its summaries wait for another process's sweep.
            .filter((payload) => (payload.db as { drizzle?: unknown }).drizzle)
            .map((payload) => flushRefusalSummaries(payload)),
        ),
        new Promise((resolve) => setTimeout(resolve, SHUTDOWN_FLUSH_MS).unref()),
      ])
      const exit = process.exit.bind(process)
      process.exit = ((code?: number | string | null) => {
        void flushing.finally(() => exit(code))
      }) as typeof process.exit
      void flushing.finally(() => {
        process.exit = exit
        if (process.listenerCount(signal) === 0) {
          process.kill(process.pid, signal)
        }
      })
    })
  }
}

/**
 * Records a refused attempt at a locked account or address, or a forged callback. The first in a
 * minute is an entry of its own at once, as any refusal; the ones after it in the same minute are
 * counted in the database and written as one `login.refusalsSummarised` entry when the minute is
 * over (how many, first and last time, a sample of addresses). An attacker guessing at a locked
 * account would otherwise add one row per guess, hundreds a second, and fill the log at will; OWASP
 * ASVS 5.0 16.3.1 asks for failures to be logged, not for one row each.
 *
 * The count is one statement, shared by every app process: the first refusal is recorded once
 * whichever process sees it, and the summary is written by whichever process looks first once the
 * minute is over, or at shutdown. A process that dies counts nothing in memory that could be lost.
 */
export const recordRefusal = async (
  req: PayloadRequest,
  key: string,
  input: AuditEventInput,
): Promise<void> => {
  const { payload } = req
  const { ipAddress } = getClientInfo(req, getPluginOptions(payload))
  const entry = { ...input, actor: partyOnly(input.actor), user: partyOnly(input.user) }
  const t = sqlFor(payload, refusalTalliesSlug)
  const addresses = t.column('sampleAddresses')
  const minute = sql`floor(extract(epoch FROM now()) / ${PERIOD_SECONDS})::bigint`
  const [row] = await t.execute<{ ends_at: string; key: string; refusals: number | string }>(
    sql`INSERT INTO ${t.table} (${t.column('key')}, ${t.column('endsAt')}, ${t.column('refusals')},
       ${t.column('firstAt')}, ${t.column('lastAt')}, ${addresses}, ${t.column('entry')},
       ${t.column('updatedAt')}, ${t.column('createdAt')})
     VALUES (${key} || ':' || ${minute}, to_timestamp((${minute} + 1) * ${PERIOD_SECONDS}), 0,
       now(), now(), '[]'::jsonb, ${JSON.stringify(entry)}::jsonb, now(), now())
     ON CONFLICT (${t.column('key')}) DO UPDATE SET
       ${t.column('refusals')} = ${t.table}.${t.column('refusals')} + 1,
       ${t.column('lastAt')} = now(), ${t.column('updatedAt')} = now(),
       ${addresses} = CASE
         WHEN ${ipAddress ?? null}::text IS NOT NULL
           AND jsonb_array_length(${t.table}.${addresses}) < ${SAMPLE_ADDRESSES}
           AND NOT ${t.table}.${addresses} ? ${ipAddress ?? null}::text
         THEN ${t.table}.${addresses} || jsonb_build_array(${ipAddress ?? null}::text)
         ELSE ${t.table}.${addresses} END
     RETURNING ${t.column('key')} AS key, ${t.column('refusals')} AS refusals, ${t.column('endsAt')} AS ends_at`,
  )
  if (!row) {
    return
  }
  const local = localOf(payload)
  if (local.touched.size < MAX_TOUCHED) {
    local.touched.add(row.key)
  }
  counting.add(payload)
  listenForShutdown()
  const endsAt = new Date(row.ends_at).getTime()
  if (!local.sweeps.has(endsAt)) {
    // A moment after the minute ends, so the other processes' last counts are in.
    const timer = setTimeout(
      () => {
        local.sweeps.delete(endsAt)
        void sweep(payload)
      },
      Math.max(0, endsAt - Date.now()) + 1000,
    )
    timer.unref()
    local.sweeps.set(endsAt, timer)
  }
  if (Number(row.refusals) === 0) {
    await recordAuditEvent(req, input)
  }
}

/**
 * Writes now the summaries this process counted into, finished or not, and every finished one:
 * at shutdown, and in tests. Refusals counted after this start a new entry.
 */
export const flushRefusalSummaries = async (payload: Payload): Promise<void> => {
  const local = localOf(payload)
  const keys = [...local.touched]
  try {
    const t = sqlFor(payload, refusalTalliesSlug)
    const mine =
      keys.length > 0
        ? sql` OR ${t.column('key')} IN (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )})`
        : sql``
    await writeSummaries(payload, sql`${finished(payload)}${mine}`)
  } catch (error) {
    payload.logger.error({
      err: error,
      msg: 'payload-backoffice: could not write refusal summaries',
    })
  }
  for (const timer of local.sweeps.values()) {
    clearTimeout(timer)
  }
  local.sweeps.clear()
  counting.delete(payload)
}
