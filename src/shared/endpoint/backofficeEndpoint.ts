import type { Endpoint, PayloadRequest } from 'payload'
import type * as z from 'zod'

import { APIError } from 'payload'

import type { EndpointGuard, EstablishedBy } from '../request/EndpointGuard.js'

import { CatalogueError } from '../errors/CatalogueError.js'
import { errorResponse } from '../errors/errorResponse.js'
import { logRefusal } from '../errors/logRefusal.js'
import { maskedError } from '../errors/maskedError.js'
import { type BodyRefusal, readDeclaredBody } from './readDeclaredBody.js'

/** What a handler receives beside the request: its parsed body and what its guards established. */
export type HandlerContext<
  Schema extends undefined | z.ZodType,
  Guards extends readonly EndpointGuard<object>[],
> = {
  body: Schema extends z.ZodType ? z.output<Schema> : undefined
} & EstablishedBy<Guards>

/** An endpoint as `backofficeEndpoint` takes it: Payload's, plus what it requires and reads. */
export type EndpointDeclaration<
  Schema extends undefined | z.ZodType = undefined,
  Guards extends readonly EndpointGuard<object>[] = [],
> = {
  /**
   * The JSON body's schema (zod). Given, the body is read and checked before the handler runs,
   * which receives it parsed; a body that does not match is refused with 400 and nothing happens.
   */
  body?: Schema
  /** A limit above `readBody`'s 16 KiB, for the rare body that lists many things. */
  bodyMaxBytes?: number
  /**
   * Runs once every guard passed and the body was read: it receives the body (`body`) and what the
   * guards established (`viewer`, `sessionId`, `target`), and never looks them up again.
   */
  handler: (
    req: PayloadRequest,
    context: HandlerContext<Schema, Guards>,
  ) => Promise<Response> | Response
  /** The answer for a refusal, for endpoints a browser navigates to (a redirect, say). */
  refusalAnswer?: (req: PayloadRequest, refusal: CatalogueError) => Response
  /** The error a failing body field is refused with; by default `REQUEST_BODY_INVALID`. */
  refuseBody?: BodyRefusal
  /** What the request must be or have, checked in this order before the body is read. */
  requires?: Guards
} & Omit<Endpoint, 'handler'>

/**
 * Every endpoint of the plugin (and of the video plugin) is declared through this, with what it
 * requires (`requires`: a session, a fresh proof, an administrator, a same-site request) and the
 * body it reads (`body`), so a reviewer sees an endpoint's conditions where it is declared rather
 * than in its handler's first lines. The guards run first, in order: an anonymous or unproved
 * request is refused before its body is even read.
 *
 * A refusal is an error of a catalogue (`BackofficeError`, `VideoError`), answered here with its
 * code rather than thrown on to Payload, which would log every thrown error at error level, even a
 * client's mistake: a refusal is logged at info and counted (see `logRefusal`). A catalogue error
 * of 500 or more (an email that could not be sent, say) is logged here, and its answer carries only
 * the catalogue's text. Payload's own refusals (not found, forbidden, a validation error: below
 * 500) go on to Payload, which answers them as it always does. Anything else is unexpected: it goes
 * on to Payload (which logs it and runs the `afterError` hooks) as `DATABASE_ERROR` or
 * `INTERNAL_ERROR` with the catalogue's text, so a client always gets a stable code and never the
 * failure's detail.
 */
export const backofficeEndpoint = <
  Schema extends undefined | z.ZodType = undefined,
  const Guards extends readonly EndpointGuard<object>[] = [],
>({
  body: schema,
  bodyMaxBytes,
  handler,
  refusalAnswer = errorResponse,
  refuseBody,
  requires,
  ...endpoint
}: EndpointDeclaration<Schema, Guards>): Endpoint => ({
  ...endpoint,
  handler: async (req) => {
    try {
      const established = {}
      for (const guard of requires ?? []) {
        Object.assign(established, await guard(req))
      }
      const body = schema
        ? await readDeclaredBody(req, schema, { maxBytes: bodyMaxBytes, refuse: refuseBody })
        : undefined
      return await handler(req, { ...established, body } as HandlerContext<Schema, Guards>)
    } catch (error) {
      if (!(error instanceof CatalogueError)) {
        if (error instanceof APIError && error.status < 500) {
          throw error
        }
        throw maskedError(req, error)
      }
      if (error.status >= 500) {
        req.payload.logger.error({ err: error, msg: `payload-backoffice: ${error.code}` })
      } else {
        logRefusal(req, error)
      }
      return refusalAnswer(req, error)
    }
  },
})
