import type { Payload, PayloadRequest } from 'payload'

import { createLocalReq } from 'payload'

import type { AuditEventInput } from './recordAuditEvent.js'

import { getPluginOptions } from '../options/getPluginOptions.js'
import { getClientInfo } from '../request/clientInfo.js'
import { recordAuditEvent } from './recordAuditEvent.js'

/** One period's refusals of one account or address, after the first. */
type Tally = {
  addresses: Set<string>
  count: number
  firstAt: Date
  input: AuditEventInput
  lastAt: Date
}

/** How long refusals of one account or address are summed up into one entry. */
const PERIOD_MS = 60_000
/** Addresses kept as a sample in the summary. */
const SAMPLE_ADDRESSES = 5
/** Keys tallied at once; past this, refusals are recorded one by one again. */
const MAX_KEYS = 10_000

const talliesOf = new WeakMap<Payload, Map<string, Tally>>()

const flush = async (payload: Payload, tallies: Map<string, Tally>, key: string) => {
  const tally = tallies.get(key)
  tallies.delete(key)
  if (!tally || tally.count === 0) {
    return
  }
  await recordAuditEvent(await createLocalReq({}, payload), {
    ...tally.input,
    data: {
      ...tally.input.data,
      firstAt: tally.firstAt.toISOString(),
      lastAt: tally.lastAt.toISOString(),
      refusals: tally.count,
      sampleAddresses: [...tally.addresses],
    },
    event: 'login.refusalsSummarised',
  })
}

/**
 * Records a refused attempt at a locked account or address. The first in a period is an entry of its
 * own at once, as any refusal; the ones after it in the same minute are counted in memory and
 * written as one `login.refusalsSummarised` entry when the minute is over (how many, first and last
 * time, a sample of addresses). An attacker guessing at a locked account would otherwise add one row
 * per guess, hundreds a second, and fill the log at will; OWASP ASVS 5.0 16.3.1 asks for failures to
 * be logged, not for one row each. Each app process keeps its own tally, so with N processes an
 * attack leaves at most N summaries per account and minute.
 */
export const recordRefusal = async (
  req: PayloadRequest,
  key: string,
  input: AuditEventInput,
): Promise<void> => {
  const { payload } = req
  const tallies = talliesOf.get(payload) ?? new Map<string, Tally>()
  talliesOf.set(payload, tallies)
  const tally = tallies.get(key)
  const now = new Date()
  if (!tally) {
    if (tallies.size < MAX_KEYS) {
      tallies.set(key, { addresses: new Set(), count: 0, firstAt: now, input, lastAt: now })
      setTimeout(() => void flush(payload, tallies, key), PERIOD_MS).unref()
    }
    await recordAuditEvent(req, input)
    return
  }
  tally.count++
  tally.lastAt = now
  const { ipAddress } = getClientInfo(req, getPluginOptions(payload))
  if (ipAddress && tally.addresses.size < SAMPLE_ADDRESSES) {
    tally.addresses.add(ipAddress)
  }
}

/** Writes every open summary now (tests, and an app that shuts down and wants none lost). */
export const flushRefusalSummaries = async (payload: Payload): Promise<void> => {
  const tallies = talliesOf.get(payload)
  if (tallies) {
    await Promise.all([...tallies.keys()].map((key) => flush(payload, tallies, key)))
  }
}
