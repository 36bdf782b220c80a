import type { Endpoint, PayloadRequest } from 'payload'

import { AuthenticationError, loginOperation } from 'payload'
import { createHmac } from 'node:crypto'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { recordAuditEvent } from '../audit/recordAuditEvent.js'

import { BackofficeError } from '../errors/BackofficeError.js'
import { errorResponse } from '../errors/errorResponse.js'
import { secondsUntil } from '../lib/backoff.js'
import { readBody } from '../request/readBody.js'
import { endSessions } from '../sessions/endSessions.js'
import { sessionResponse } from '../signIn/sessionResponse.js'
import { suspendAccount } from '../suspension/suspendAccount.js'
import { claimAccountAttempt, claimUnknownAddressAttempt, type Claim, settleFailure, settleSuccess } from './attempts.js'
import { signInContextKey } from './signInContext.js'

/** RFC 5321 caps an address at 254 characters. */
const MAX_EMAIL_LENGTH = 254
/** Far above any passphrase (ASVS 5.0 6.2.9 asks for at least 64), far below a hashing DoS. */
const MAX_PASSWORD_LENGTH = 4096

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Keyed hash of an address with no account: the throttle table never holds an email address. */
const throttleKey = (req: PayloadRequest, email: string) =>
  createHmac('sha256', req.payload.secret).update(`login-throttle:${email}`).digest('hex')

/** Reads the session id Payload signed into a token it has just issued (no verification needed). */
const sessionIdOf = (token: string | undefined): string | undefined => {
  try {
    const payload = JSON.parse(Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString('utf8'))
    return typeof payload.sid === 'string' ? payload.sid : undefined
  } catch {
    return undefined
  }
}

/**
 * `POST /api/{users}/login`, in place of Payload's own. Payload's checks the lock before the password
 * with a distinct "locked" error, answers unknown emails faster than wrong passwords, and counts
 * failures with a read-then-write. Here:
 * - every attempt is counted in the database before its password is checked (see attempts.ts), so the
 *   count and the lock are exact however many requests race, on however many app processes;
 * - while locked, no password is checked and nothing is counted;
 * - unknown addresses are throttled on the same schedule, and every refusal to someone without the
 *   password is the same answer after the same time (`failureResponseMs`): 401 for a wrong password,
 *   an unknown email and a suspended account alike, 403 "temporarily blocked" (with Retry-After) for any address that
 *   is being guessed at, account or not;
 * - only after the correct password does a suspended account learn that it is locked (403).
 */
export const loginEndpoint = (options: SanitizedBackofficeOptions): Endpoint => ({
  handler: async (req) => {
    const startedAt = Date.now()
    const refuse = async (code: 'INVALID_CREDENTIALS' | 'LOGIN_TEMPORARILY_BLOCKED', claim?: Claim) => {
      await wait(Math.max(0, startedAt + options.lockout.failureResponseMs - Date.now()))
      const response = errorResponse(req, code)
      if (claim?.locked && claim.lockedUntil) {
        response.headers.set('Retry-After', String(secondsUntil(claim.lockedUntil, new Date())))
      }
      return response
    }

    let data: Record<string, unknown>
    try {
      data = await readBody(req)
    } catch (error) {
      if (error instanceof BackofficeError) {
        return errorResponse(req, error.code)
      }
      throw error
    }
    const email = typeof data.email === 'string' ? data.email.trim().toLowerCase() : ''
    const password = data.password
    if (!email || email.length > MAX_EMAIL_LENGTH || !email.includes('@')) {
      return errorResponse(req, 'EMAIL_INVALID')
    }
    if (typeof password !== 'string' || password.length === 0) {
      return errorResponse(req, 'PASSWORD_REQUIRED')
    }
    if (password.length > MAX_PASSWORD_LENGTH) {
      return errorResponse(req, 'PAYLOAD_TOO_LARGE')
    }

    const { payload } = req
    const user = await payload.db.findOne<{ id: number | string; security?: { status?: string } }>({
      collection: options.usersCollection,
      req,
      where: { email: { equals: email } },
    })

    if (!user) {
      const claim = await claimUnknownAddressAttempt(payload, options, throttleKey(req, email))
      // The address someone tried is kept (encoded) for investigations; it names no account.
      await recordAuditEvent(req, {
        actor: null,
        data: { factor: 'password', reason: claim.locked ? 'throttled' : 'unknownAccount' },
        details: email,
        event: 'login.failed',
      })
      return refuse(claim.locked ? 'LOGIN_TEMPORARILY_BLOCKED' : 'INVALID_CREDENTIALS', claim)
    }

    const claim = await claimAccountAttempt(payload, options, user.id)
    if (claim.locked) {
      await recordAuditEvent(req, { actor: null, data: { factor: 'password', reason: 'locked' }, event: 'login.failed', user })
      return refuse('LOGIN_TEMPORARILY_BLOCKED', claim)
    }

    const collection = payload.collections[options.usersCollection]!
    let result: Awaited<ReturnType<typeof loginOperation>>
    try {
      req.context[signInContextKey] = { claimedFailures: claim.failures }
      result = await loginOperation({ collection, data: { email, password }, req })
    } catch (error) {
      if (error instanceof AuthenticationError) {
        await settleFailure(payload, options, user.id, claim.claimedAt)
        await recordAuditEvent(req, {
          actor: null,
          data: { consecutiveFailures: claim.failures, factor: 'password', reason: 'wrongPassword' },
          event: 'login.failed',
          user,
        })
        if (claim.failures >= options.lockout.threshold) {
          await recordAuditEvent(req, { actor: null, data: { consecutiveFailures: claim.failures }, event: 'account.locked', user })
        }
        if (claim.failures >= options.lockout.suspendAfter && user.security?.status !== 'suspended') {
          await suspendAccount(req, options, { reason: 'excessiveFailures', userId: user.id })
        }
        return refuse('INVALID_CREDENTIALS')
      }
      if (error instanceof BackofficeError && error.code === 'ACCOUNT_LOCKED') {
        // Only the holder of the password gets here: telling them reveals nothing to a guesser.
        await settleSuccess(payload, options, user.id, claim.failures)
        await recordAuditEvent(req, { actor: null, data: { factor: 'password', reason: 'suspended' }, event: 'login.failed', user })
        return errorResponse(req, 'ACCOUNT_LOCKED')
      }
      throw error
    }

    if (!(await settleSuccess(payload, options, user.id, claim.failures))) {
      // Parallel wrong guesses locked the account while this password was being checked: the policy
      // says locked, so the session just made is ended before anyone sees its token.
      const sessionId = sessionIdOf(result.token)
      if (sessionId) {
        await endSessions(req, { onlySid: sessionId, reason: 'lockout', userId: user.id })
      }
      await recordAuditEvent(req, { actor: null, data: { factor: 'password', reason: 'locked' }, event: 'login.failed', user })
      return refuse('LOGIN_TEMPORARILY_BLOCKED', { locked: true, lockedUntil: null })
    }

    await recordAuditEvent(req, { actor: user, data: { factor: 'password' }, event: 'login.succeeded', user })
    return sessionResponse(req, collection, result)
  },
  method: 'post',
  path: '/login',
})
