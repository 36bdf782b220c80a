import type { CollectionSlug, PayloadRequest } from 'payload'

import type { AuditEventName } from './auditEvents.js'
import type { AuditParty } from './auditPartyName.js'

import { getPluginOptions } from '../options/getPluginOptions.js'
import { getClientInfo } from '../request/clientInfo.js'
import { auditEvents } from './auditEvents.js'
import { auditPartyName } from './auditPartyName.js'
import { countAuditEvent } from './countAuditEvent.js'
import { encodeDataForLog } from './encodeDataForLog.js'
import { encodeForLog } from './encodeForLog.js'

export type { AuditParty }

export type AuditEventInput = {
  /** Who did it. Defaults to the request's signed-in user; `null` when nobody was signed in. */
  actor?: AuditParty
  /** Structured details (the factor used, the fields changed, a reason). Never put secrets here. */
  data?: Record<string, unknown>
  /** One line a person can read in the list. */
  details?: string
  event: AuditEventName
  /** The document the event is about; defaults to the account in `user`, when it has an id. */
  target?: { id: number | string; slug: string }
  /** The account the event concerns, if any (for a failed sign-in, the email that was tried). */
  user?: AuditParty
}

/** The id of a party that is an account of the users collection, as text; null for anyone else. */
const accountId = (party: AuditParty | undefined, usersCollection: string): null | string => {
  if (party == null || typeof party !== 'object' || party.id == null) {
    return null
  }
  const collection = (party as { collection?: string }).collection ?? usersCollection
  return collection === usersCollection ? encodeForLog(String(party.id), { maxLength: 100 }) : null
}

const optionalText = (value: null | string | undefined, maxLength?: number): null | string =>
  value == null || value === '' ? null : encodeForLog(value, { maxLength })

/**
 * Writes one entry to the audit log, with the client's address and user agent taken from `req`,
 * counts it in the metrics, and (with `audit.log`) writes it as one structured line to Payload's
 * logger: `{ audit: { event, category, actor, user, targetSlug, targetObject, ipAddress, ... } }`.
 * An entry of a change whose transaction later rolls back has its log line all the same.
 * Never throws: a failure to write is reported through `payload.logger.error` and the operation
 * being audited carries on (a sign-in must not fail because its log entry could not be stored).
 */
export const recordAuditEvent = async (
  req: PayloadRequest,
  input: AuditEventInput,
): Promise<void> => {
  const { payload } = req
  // Checked here because a failed write inside the caller's transaction makes Payload roll that
  // transaction back: nothing a caller passes may be able to fail validation.
  if (!Object.hasOwn(auditEvents, input.event)) {
    payload.logger.error({
      event: input.event,
      msg: 'payload-backoffice: unknown audit event, entry not written',
    })
    return
  }
  try {
    const options = getPluginOptions(payload)
    const definition: { category: string; survivesRollback?: true } = auditEvents[input.event]
    const client = getClientInfo(req, { trustProxy: options.trustProxy })
    const user = input.user
    const actor = input.actor === undefined ? (req.user as AuditParty) : input.actor
    // Transactions: an entry that records a change joins the request's transaction (through its
    // id; the caller's request object itself is left alone), so it is stored exactly when the
    // change is, and a rolled-back update leaves no "user updated" behind. Failures (a failed
    // sign-in, a lockout, a suspension) are the opposite: they are reported by an operation that
    // then throws and rolls back, and an attacker's failures must be on record all the same
    // (OWASP ASVS 5.0 16.3.1), so those entries are written in a transaction of their own that
    // commits at once.
    const writeReq: Partial<PayloadRequest> = definition.survivesRollback
      ? {}
      : { transactionID: req.transactionID }
    const names = { payload, req: writeReq, usersCollection: options.usersCollection }
    const target =
      input.target ??
      (user && typeof user === 'object' && user.id != null
        ? {
            id: user.id,
            slug: (user as { collection?: string }).collection ?? options.usersCollection,
          }
        : undefined)

    const entry = {
      actor: await auditPartyName(actor, names),
      actorId: accountId(actor, options.usersCollection),
      category: definition.category,
      clientIp: optionalText(client.clientIp, 100),
      data: input.data === undefined ? null : encodeDataForLog(input.data),
      details: optionalText(input.details),
      event: input.event,
      ipAddress: optionalText(client.ipAddress, 100),
      targetObject: target ? encodeForLog(String(target.id), { maxLength: 100 }) : null,
      targetSlug: target ? encodeForLog(target.slug, { maxLength: 100 }) : null,
      timestamp: new Date().toISOString(),
      user: await auditPartyName(user, names),
      userId: accountId(user, options.usersCollection),
      userAgent: optionalText(client.userAgent, 512),
    }
    countAuditEvent(payload, input.event, input.data)
    if (options.audit.log) {
      // Before the insert, so the line is out even when the database is not (a log shipper then
      // still carries the event); the same fields as the row, so no more than the row may say.
      payload.logger.info({ audit: entry, msg: `audit ${input.event}` })
    }

    // Straight to the database adapter: Payload's `create` would check access, run the collection's
    // hooks, validate every field and read the entry back, on the sign-in's hot path, for a row the
    // plugin builds itself from escaped values and nobody waits to read. The collection has no
    // field hooks or defaults to run, and its `beforeOperation` guard keeps refusing every other
    // writer on the Local API (guardAuditLogWrites.ts). With no transaction to join, the entry is
    // one INSERT, atomic on its own.
    await payload.db.create({
      collection: options.audit.slug as CollectionSlug,
      data: { ...entry, createdAt: entry.timestamp, updatedAt: entry.timestamp },
      req: writeReq,
      returning: false,
    })
  } catch (error) {
    payload.logger.error({
      err: error,
      event: input.event,
      msg: 'payload-backoffice: could not write an audit log entry',
    })
  }
}
