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

/** How long a process adds up further refusals of an open row before it writes them. */
const FLUSH_MS = 1000

/** Refusals of one open row counted in this process and not yet written. */
type Pending = { addresses: Set<string>; endsAt: number; entry: AuditEventInput; refusals: number }

/**
 * What this process has counted in open rows, and when it will look for finished minutes:
 * `open` is the row each refused thing counts into now (by the `key` given to recordRefusal), with
 * the minute's end; `pending` what it has counted into rows since its last write.
 */
type Local = {
  flushing: null | Promise<void>
  flushTimer: NodeJS.Timeout | null
  open: Map<string, { endsAt: number; rowKey: string }>
  pending: Map<string, Pending>
  sweeps: Map<number, NodeJS.Timeout>
  touched: Set<string>
}
const locals = new WeakMap<Payload, Local>()
const localOf = (payload: Payload): Local => {
  let local = locals.get(payload)
  if (!local) {
    local = {
      flushing: null,
      flushTimer: null,
      open: new Map(),
      pending: new Map(),
      sweeps: new Map(),
      touched: new Set(),
    }
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
    await writePending(payload)
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
 * Adds `refusals` (and a sample of addresses) to an open row, creating it if it is gone: an
 * INSERT … ON CONFLICT on the row's key, so processes counting into the same row add up. A new row
 * starts at 0 more refusals than its first, which is then an entry of its own.
 */
const countInto = async (
  payload: Payload,
  {
    addresses,
    endsAt,
    entry,
    firstIsEntry,
    refusals,
    rowKey,
  }: {
    addresses: string[]
    endsAt: Statement
    entry: AuditEventInput
    /** The first of `refusals` is its own entry (a new row counts only those after it). */
    firstIsEntry: boolean
    refusals: number
    rowKey: Statement
  },
) => {
  const t = sqlFor(payload, refusalTalliesSlug)
  const sample = t.column('sampleAddresses')
  const added = JSON.stringify(addresses)
  // The row's sample and the new addresses, each once, in the order they came, up to its size.
  const merged = sql`(SELECT COALESCE(jsonb_agg(address ORDER BY position), '[]'::jsonb) FROM (
       SELECT address, position FROM (
         SELECT DISTINCT ON (address) address, position
         FROM jsonb_array_elements_text(${t.table}.${sample} || ${added}::jsonb)
           WITH ORDINALITY AS listed(address, position)
         ORDER BY address, position) AS distinct_addresses
       ORDER BY position LIMIT ${SAMPLE_ADDRESSES}) AS kept)`
  const [row] = await t.execute<{ ends_at: string; key: string; refusals: number | string }>(
    sql`INSERT INTO ${t.table} (${t.column('key')}, ${t.column('endsAt')}, ${t.column('refusals')},
       ${t.column('firstAt')}, ${t.column('lastAt')}, ${sample}, ${t.column('entry')},
       ${t.column('updatedAt')}, ${t.column('createdAt')})
     VALUES (${rowKey}, ${endsAt}, ${firstIsEntry ? refusals - 1 : refusals}, now(), now(),
       ${JSON.stringify(addresses.slice(0, SAMPLE_ADDRESSES))}::jsonb, ${JSON.stringify(entry)}::jsonb, now(), now())
     ON CONFLICT (${t.column('key')}) DO UPDATE SET
       ${t.column('refusals')} = ${t.table}.${t.column('refusals')} + ${refusals},
       ${t.column('lastAt')} = now(), ${t.column('updatedAt')} = now(),
       ${sample} = ${merged}
     RETURNING ${t.column('key')} AS key, ${t.column('refusals')} AS refusals, ${t.column('endsAt')} AS ends_at`,
  )
  return row
}

/**
 * Writes the refusals this process has added up since its last write, one statement per open row.
 * Never throws; one write at a time.
 */
const writePending = async (payload: Payload): Promise<void> => {
  const local = localOf(payload)
  if (local.flushTimer) {
    clearTimeout(local.flushTimer)
    local.flushTimer = null
  }
  while (local.flushing) {
    await local.flushing
  }
  if (local.pending.size === 0) {
    return
  }
  const batch = [...local.pending]
  local.pending.clear()
  local.flushing = (async () => {
    for (const [rowKey, { addresses, endsAt, entry, refusals }] of batch) {
      try {
        await countInto(payload, {
          addresses: [...addresses],
          endsAt: sql`${new Date(endsAt).toISOString()}::timestamptz`,
          entry,
          // A row summarised meanwhile starts again with these: its first is already logged.
          firstIsEntry: false,
          refusals,
          rowKey: sql`${rowKey}`,
        })
      } catch (error) {
        payload.logger.error({
          err: error,
          msg: `payload-backoffice: could not count ${refusals} refusals`,
        })
      }
    }
  })()
  try {
    await local.flushing
  } finally {
    local.flushing = null
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
 * The count is shared by every app process: a process's first refusal of a thing in a minute is one
 * statement at once, and the first in the minute is recorded once whichever process sees it. Its
 * further refusals of that thing are added up in memory and written together once a second
 * (`FLUSH_MS`), so a guessing attack costs the database a statement a second per process, not one
 * per guess and commit. The summary is written by whichever process looks first once the minute is
 * over, or at shutdown (which writes what was added up first). A process that is killed outright
 * loses at most its last second of counts, never the first entry.
 */
export const recordRefusal = async (
  req: PayloadRequest,
  key: string,
  input: AuditEventInput,
): Promise<void> => {
  const { payload } = req
  const { ipAddress } = getClientInfo(req, getPluginOptions(payload))
  const entry = { ...input, actor: partyOnly(input.actor), user: partyOnly(input.user) }
  const local = localOf(payload)
  counting.add(payload)
  listenForShutdown()

  const open = local.open.get(key)
  if (open && Date.now() < open.endsAt) {
    const pending = local.pending.get(open.rowKey) ?? {
      addresses: new Set<string>(),
      endsAt: open.endsAt,
      entry,
      refusals: 0,
    }
    pending.refusals++
    if (ipAddress && pending.addresses.size < SAMPLE_ADDRESSES) {
      pending.addresses.add(ipAddress)
    }
    local.pending.set(open.rowKey, pending)
    if (!local.flushTimer) {
      local.flushTimer = setTimeout(() => void writePending(payload), FLUSH_MS)
      local.flushTimer.unref()
    }
    return
  }

  const minute = sql`floor(extract(epoch FROM now()) / ${PERIOD_SECONDS})::bigint`
  const row = await countInto(payload, {
    addresses: ipAddress ? [ipAddress] : [],
    endsAt: sql`to_timestamp((${minute} + 1) * ${PERIOD_SECONDS})`,
    entry,
    firstIsEntry: true,
    refusals: 1,
    rowKey: sql`${key} || ':' || ${minute}`,
  })
  if (!row) {
    return
  }
  const endsAt = new Date(row.ends_at).getTime()
  local.open.set(key, { endsAt, rowKey: row.key })
  if (local.open.size > MAX_TOUCHED) {
    for (const [openKey, { endsAt: openEndsAt }] of local.open) {
      if (openEndsAt <= Date.now()) {
        local.open.delete(openKey)
      }
    }
  }
  if (local.touched.size < MAX_TOUCHED) {
    local.touched.add(row.key)
  }
  if (!local.sweeps.has(endsAt)) {
    // A moment after the minute ends and its last counts are written (FLUSH_MS), so the other
    // processes' last counts are in.
    const timer = setTimeout(
      () => {
        local.sweeps.delete(endsAt)
        void sweep(payload)
      },
      Math.max(0, endsAt - Date.now()) + FLUSH_MS + 1500,
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
  await writePending(payload)
  local.open.clear()
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
