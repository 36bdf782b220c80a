import type { CollectionSlug, Endpoint, PayloadRequest, Where } from 'payload'

import { APIError, headersWithCors } from 'payload'

import type { SanitizedBackofficeOptions } from '../../options/types.js'

import { backofficeEndpoint } from '../../endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../errors/BackofficeError.js'
import { csvLine } from '../../lib/csvLine.js'
import { administrator } from '../../request/administrator.js'

/** The exported columns, in order: the stored fields, named as in the API (stable for scripts). */
const columns = [
  'timestamp',
  'event',
  'category',
  'actor',
  'actorId',
  'user',
  'userId',
  'targetSlug',
  'targetObject',
  'details',
  'data',
  'ipAddress',
  'clientIp',
  'userAgent',
] as const

/** Rows per query: small enough that a batch is a few hundred kilobytes, large enough to be quick. */
const batchSize = 1000

type Row = Record<string, unknown> & { id: number | string; timestamp: string }

/**
 * `GET /api/<audit-log>/export.csv`: the entries the list shows, as CSV, for administrators. It takes
 * the list's own query (`where` and `search`, as the admin puts them in the address), so the file holds
 * exactly the filtered list. Rows are read in batches by keyset (newest first, `timestamp` then `id`,
 * each batch starting below the last row of the one before) and written as the client reads them:
 * an export of millions of rows holds one batch in memory, never the whole log, and no OFFSET makes
 * later batches slower. Cells are escaped (RFC 4180) and protected against formula injection (OWASP
 * CSV Injection), since the log stores text clients chose: emails tried at sign-in, user agents.
 */
export const exportAuditLogCsvEndpoint = (
  options: SanitizedBackofficeOptions,
  searchableFields: readonly string[],
): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { viewer }) => {
      const listWhere = listQuery(req, searchableFields)
      const readBatch = async (after: null | Row): Promise<Row[]> => {
        const where: Where = after
          ? {
              and: [
                listWhere,
                {
                  or: [
                    { timestamp: { less_than: after.timestamp } },
                    {
                      and: [
                        { timestamp: { equals: after.timestamp } },
                        { id: { less_than: after.id } },
                      ],
                    },
                  ],
                },
              ],
            }
          : listWhere
        if (after) {
          // The filter was checked by the first batch (below); later batches skip Payload's
          // per-document afterRead work (the log has no hidden fields, hooks or relationships),
          // which is most of an export's time.
          const { docs } = await req.payload.db.find({
            collection: options.audit.slug as CollectionSlug,
            limit: batchSize,
            pagination: false,
            req,
            sort: ['-timestamp', '-id'],
            where,
          })
          return docs as unknown as Row[]
        }
        try {
          const { docs } = await req.payload.find({
            collection: options.audit.slug as CollectionSlug,
            depth: 0,
            limit: batchSize,
            // Access as the administrator, so the list's rules apply, and the filter is checked
            // against the fields (an unknown field or operator is refused, not run).
            overrideAccess: false,
            pagination: false,
            req,
            sort: ['-timestamp', '-id'],
            user: viewer as unknown as NonNullable<typeof req.user>,
            where,
          })
          return docs as unknown as Row[]
        } catch (error) {
          if (error instanceof APIError && error.status === 400) {
            throw new BackofficeError('AUDIT_EXPORT_QUERY_INVALID', { req })
          }
          throw error
        }
      }

      // The first batch before the answer starts, so a filter Payload refuses is answered 400 with
      // its code rather than as a cut-off file.
      let batch: null | Row[] = await readBatch(null)
      const encoder = new TextEncoder()
      // A byte order mark, so spreadsheet programs read the file as UTF-8 (names and user agents
      // are not ASCII).
      let head: null | string = `\uFEFF${csvLine(columns)}`
      const body = new ReadableStream<Uint8Array>({
        // Called only when the client has read what was sent: one batch in memory at a time.
        pull: async (controller) => {
          if (batch === null) {
            controller.close()
            return
          }
          const current = batch
          const text =
            (head ?? '') + current.map((row) => csvLine(columns.map((name) => row[name]))).join('')
          head = null
          batch = current.length < batchSize ? null : await readBatch(current[current.length - 1]!)
          controller.enqueue(encoder.encode(text))
        },
      })
      const headers = headersWithCors({ headers: new Headers(), req })
      headers.set('Cache-Control', 'no-store')
      headers.set(
        'Content-Disposition',
        `attachment; filename="${options.audit.slug}-${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}Z.csv"`,
      )
      headers.set('Content-Type', 'text/csv; charset=utf-8')
      headers.set('X-Content-Type-Options', 'nosniff')
      return new Response(body, { headers, status: 200 })
    },
    method: 'get',
    path: '/export.csv',
    requires: [administrator(options)],
  })

/** The list view's filter from the query string: its `where`, and its search box over the searchable fields. */
const listQuery = (req: PayloadRequest, searchableFields: readonly string[]): Where => {
  const where = req.query?.where
  const search = req.searchParams.get('search')
  const parts: Where[] = []
  if (where !== undefined) {
    if (typeof where !== 'object' || where === null || Array.isArray(where)) {
      throw new BackofficeError('AUDIT_EXPORT_QUERY_INVALID', { req })
    }
    parts.push(where as Where)
  }
  if (search) {
    parts.push({ or: searchableFields.map((field) => ({ [field]: { like: search } })) })
  }
  return parts.length === 0 ? {} : { and: parts }
}
