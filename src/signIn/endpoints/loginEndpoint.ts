import type { Endpoint, PayloadRequest } from 'payload'

import { createHmac } from 'node:crypto'
import { AuthenticationError } from 'payload'
import * as z from 'zod'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { LoginResult } from '../replayLogin.js'

import { attemptCredential } from '../../policies/lockout/attemptCredential.js'
import { claimKeyedAttempt } from '../../policies/lockout/attempts.js'
import { claimClientAttempt } from '../../policies/lockout/claimClientAttempt.js'
import { knownBrowserCookies, knownBrowserOf } from '../../policies/lockout/knownBrowsers.js'
import { knownClientBlocksOf, knownLocksOf } from '../../policies/lockout/knownLocks.js'
import { endSessions } from '../../policies/sessions/endSessions.js'
import { isLocalAccount } from '../../shared/accounts/signInMethod.js'
import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { recordRefusal } from '../../shared/audit/recordRefusal.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { secondsUntil } from '../../shared/lib/secondsUntil.js'
import { sessionIdOf } from '../../shared/lib/sessionToken.js'
import { clientLimitKey } from '../../shared/request/clientInfo.js'
import { credentialLimits } from '../../shared/request/credentialLimits.js'
import { passwordField } from '../../shared/request/passwordField.js'
import { passwordRefusal } from '../../shared/request/passwordRefusal.js'
import { sameSite } from '../../shared/request/sameSite.js'
import { challengeResponse, passwordSignInResponse } from '../passwordSignIn.js'
import { readAccountToSignIn } from '../readAccountToSignIn.js'
import { replayLogin } from '../replayLogin.js'
import { SecondFactorRequired } from '../SecondFactorRequired.js'

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Keyed hash of an address with no account: the throttle table never holds an email address. */
const throttleKey = (req: PayloadRequest, email: string) =>
  createHmac('sha256', req.payload.secret).update(`login-throttle:${email}`).digest('hex')

/**
 * The email (trimmed, lower-cased: addresses are stored so) and the password. Input no address or
 * password could be is refused at once with EMAIL_INVALID, PASSWORD_REQUIRED or PAYLOAD_TOO_LARGE,
 * as before: it tells nothing about any account, so it needs no padding.
 */
const loginRequest = z.object({
  email: z.string().trim().toLowerCase().max(credentialLimits.email).includes('@'),
  password: passwordField,
})

/**
 * `POST /api/{users}/login`, in place of Payload's own. Payload's checks the lock before the password
 * with a distinct "locked" error, answers unknown emails faster than wrong passwords, and counts
 * failures with a read-then-write. Here:
 * - every attempt is counted in the database before its password is checked (see lockout/attemptCredential.ts),
 *   so the count and the lock are exact however many requests race, on however many app processes;
 * - while locked, no password is checked and nothing is counted;
 * - unknown addresses are throttled on the same schedule, and every refusal to someone without the
 *   password is the same answer after the same time (`failureResponseMs`): 401 for a wrong password,
 *   an unknown email and a suspended account alike, 403 "temporarily blocked" (with Retry-After) for any address that
 *   is being guessed at, account or not;
 * - only after the correct password does a suspended account learn that it is locked (403);
 * - a browser that has given the right password before keeps a budget of its own, so guesses from
 *   elsewhere lock only the browsers the account does not know, and suspend nothing (OWASP's device
 *   cookies, see lockout/knownBrowsers.ts).
 */
export const loginEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: loginRequest,
    handler: async (req, { body: { email, password } }) => {
      const startedAt = Date.now()
      /** Every refusal to someone without the password: the same answer after the same time. */
      const refuse = async (
        code: 'INVALID_CREDENTIALS' | 'LOGIN_TEMPORARILY_BLOCKED',
        lockedUntil?: Date | null,
      ): Promise<never> => {
        await wait(Math.max(0, startedAt + options.lockout.failureResponseMs - Date.now()))
        throw new BackofficeError(code, {
          req,
          ...(lockedUntil ? { retryAfterSeconds: secondsUntil(lockedUntil, new Date()) } : {}),
        })
      }

      const { payload } = req
      // A guess at an address this process found locked a moment ago is refused from memory, as the
      // database refused the last one (see knownLocks). Only for requests without cookies: a browser
      // that has signed in before is always looked at afresh.
      const knownLocks = knownLocksOf(payload)
      const cookieless = !req.headers.get('cookie')
      const knownLock = cookieless ? knownLocks.get(email) : null
      if (knownLock) {
        await recordRefusal(req, knownLock.key, knownLock.audit)
        return refuse('LOGIN_TEMPORARILY_BLOCKED', knownLock.lockedUntil)
      }
      // With a trusted proxy, the client's address has a budget of its own across accounts (below).
      // A request without cookies from an address this process found out of it a moment ago is
      // refused from memory likewise: no account read, no claim (see knownClientBlocksOf).
      // A request whose X-Forwarded-For names no address counts in one shared bucket, never none.
      const client = options.trustProxy ? clientLimitKey(req) : null
      const knownClientBlocks = knownClientBlocksOf(payload)
      const knownBlock = client && cookieless ? knownClientBlocks.get(client) : null
      if (knownBlock) {
        return refuse('LOGIN_TEMPORARILY_BLOCKED', knownBlock.lockedUntil)
      }
      const user = await readAccountToSignIn(req, options.usersCollection, {
        email: { equals: email },
      })
      // A browser that has signed in to this account before spends a budget of its own; the rest
      // share the account's, which no stranger can turn into a suspension (see knownBrowsers.ts).
      const knownBrowser = user && isLocalAccount(user) ? knownBrowserOf(req, user.id) : null
      // The client address's budget is counted in the database before any password is checked. A
      // known browser is exempt: guesses from others behind the same address (an office's NAT) must
      // not lock its staff out; its own wrong passwords still count on its budget for the account.
      const clientBlockedUntil =
        client && !knownBrowser ? await claimClientAttempt(req, options, client) : null
      if (clientBlockedUntil) {
        if (client && cookieless) {
          knownClientBlocks.remember(client, { lockedUntil: clientBlockedUntil })
        }
        return refuse('LOGIN_TEMPORARILY_BLOCKED', clientBlockedUntil)
      }

      // An account of a single sign-on provider has no password here: it is answered exactly as an
      // unknown address, on the same throttle, so the form never tells which addresses use single
      // sign-on (OWASP ASVS 5.0 6.3.8), and guesses never lock the account, whose sign-in is at its
      // provider (Keycloak's brokered accounts can be locked out so, keycloak/keycloak#38874).
      if (!user || !isLocalAccount(user)) {
        const key = throttleKey(req, email)
        const claim = await claimKeyedAttempt(payload, options, key)
        // The address someone tried is kept (encoded) for investigations.
        const reason = claim.locked ? 'throttled' : user ? 'notLocalAccount' : 'unknownAccount'
        const entry = {
          actor: null,
          data: { factor: 'password', reason },
          details: email,
          event: 'login.failed',
          ...(user ? { user } : {}),
        } as const
        if (!claim.locked) {
          await recordAuditEvent(req, entry)
          return refuse('INVALID_CREDENTIALS')
        }
        const refusal = { audit: entry, key: `address:${key}`, lockedUntil: claim.lockedUntil }
        await recordRefusal(req, refusal.key, refusal.audit)
        knownLocks.remember(email, refusal)
        return refuse('LOGIN_TEMPORARILY_BLOCKED', claim.lockedUntil)
      }

      /** The right password was given: this browser is known to the account from now on. */
      const knownFromNowOn = () => knownBrowserCookies(req, options, user.id, knownBrowser)
      const collection = payload.collections[options.usersCollection]!
      type SignIn =
        { result: LoginResult } | { secondFactor: SecondFactorRequired } | { suspended: true }
      const attempt = await attemptCredential<SignIn>(req, options, {
        account: user,
        audit: { actor: null, data: { factor: 'password' }, failedEvent: 'login.failed' },
        knownBrowser,
        onSuspendAfter: 'alert',
        check: async () => {
          try {
            return {
              correct: true,
              value: {
                result: await replayLogin(req, collection, { account: user, password }),
              },
            }
          } catch (error) {
            if (error instanceof AuthenticationError) {
              return { correct: false, reason: 'wrongPassword' }
            }
            if (error instanceof SecondFactorRequired) {
              // Right password, second factor due: Payload rolled its session back. The count is
              // not reset until the second factor passes (see settleFirstFactor).
              return { correct: true, secondFactorDue: true, value: { secondFactor: error } }
            }
            if (error instanceof BackofficeError && error.code === 'ACCOUNT_SUSPENDED') {
              // The password was right, but the account is suspended (the beforeLogin hook refused it).
              return { correct: true, value: { suspended: true } }
            }
            throw error
          }
        },
      })

      if (attempt.kind === 'locked') {
        if (!knownBrowser) {
          knownLocks.remember(email, attempt.refusal)
        }
        return refuse('LOGIN_TEMPORARILY_BLOCKED', attempt.lockedUntil)
      }
      if (attempt.kind === 'wrong') {
        return refuse('INVALID_CREDENTIALS')
      }
      if ('suspended' in attempt.value) {
        // Only the holder of the password gets here: telling them reveals nothing to a guesser.
        await recordAuditEvent(req, {
          actor: null,
          data: { factor: 'password', reason: 'suspended' },
          event: 'login.failed',
          user,
        })
        throw new BackofficeError('ACCOUNT_SUSPENDED', { req })
      }
      if ('secondFactor' in attempt.value) {
        if (attempt.kind === 'lockedMeanwhile') {
          await recordAuditEvent(req, {
            actor: null,
            data: { factor: 'password', reason: 'locked' },
            event: 'login.failed',
            user,
          })
          return refuse('LOGIN_TEMPORARILY_BLOCKED')
        }
        return challengeResponse(
          req,
          options,
          { need: attempt.value.secondFactor.need, userId: user.id },
          knownFromNowOn(),
        )
      }
      const { result } = attempt.value
      if (attempt.kind === 'lockedMeanwhile') {
        // Parallel wrong guesses locked the account while this password was being checked: the policy
        // says locked, so the session just made is ended before anyone sees its token.
        const sessionId = await sessionIdOf(result.token, req.payload.secret)
        if (sessionId) {
          await endSessions(req, { onlySid: sessionId, reason: 'lockout', userId: user.id })
        }
        await recordAuditEvent(req, {
          actor: null,
          data: { factor: 'password', reason: 'locked' },
          event: 'login.failed',
          user,
        })
        return refuse('LOGIN_TEMPORARILY_BLOCKED')
      }

      return passwordSignInResponse(
        req,
        options,
        collection,
        result,
        { factor: 'password' },
        knownFromNowOn(),
      )
    },
    method: 'post',
    path: '/login',
    refuseBody: (req, field, issue) =>
      field === 'email'
        ? new BackofficeError('EMAIL_INVALID', { req })
        : passwordRefusal(req, issue),
    // It sets a session cookie: another site's page must not sign a browser into an account.
    requires: [sameSite],
  })
