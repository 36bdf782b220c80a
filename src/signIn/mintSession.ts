import type { Collection, CollectionSlug, PayloadRequest, SanitizedCollectionConfig } from 'payload'

import {
  commitTransaction,
  getFieldsToSign,
  initTransaction,
  jwtSign,
  killTransaction,
} from 'payload'
import { applyUserReadAccess } from 'payload/internal'
import { addSessionToUser } from 'payload/shared'

import type { StaffAccount } from '../accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../options/types.js'

import { lockAccountRow } from '../accounts/lockAccountRow.js'
import { twoFactorContextKey } from '../request/context.js'

export type MintedSession = { exp: number; token: string; user: Record<string, unknown> }

type SessionsOf = { id: number | string; sessions?: unknown } & Record<string, unknown>

/**
 * Payload's `addSessionToUser`, made to write only the `sessions` array. Given the whole account, as
 * Payload's login gives it, it writes every column back and deletes and re-inserts every array and
 * hasMany table (the roles too), from a copy read before the password was hashed: a change another
 * request committed meanwhile (an attempt counted by a parallel wrong password, a suspension) would
 * be silently undone, and all of it is work a new session does not need. The account object is left
 * as Payload's own login leaves it: the new `sessions`, `updatedAt: null`, `collection`, `_strategy`.
 * Returns the new session's id (none when the collection does not use sessions).
 */
export const addSession = async (
  req: PayloadRequest,
  collectionConfig: SanitizedCollectionConfig,
  user: SessionsOf,
): Promise<string | undefined> => {
  if (collectionConfig.auth.useSessions) {
    // The whole-row write began by updating the account's row, which locked it until the login
    // committed, so two sign-ins of one account wrote their arrays one after the other. Writing the
    // array alone leaves the row untouched (the adapter only replaces the array's rows), and two
    // writers could then collide on the same session ids: the lock is taken explicitly instead.
    await lockAccountRow(req, collectionConfig.slug, user.id)
  }
  // `updatedAt: null`, which Payload sets, keeps the account's "updated" time, as in endSessions.
  const written: SessionsOf = { id: user.id, sessions: user.sessions }
  const { sid } = await addSessionToUser({
    collectionConfig,
    payload: req.payload,
    req,
    user: written as never,
  })
  Object.assign(user, written)
  return sid
}

/**
 * Takes a session `addSession` added out of the array again (Payload's `revokeSession`, which is
 * not exported, writing only the array), for a login that failed after adding it without a
 * transaction to roll back.
 */
export const removeSession = async (
  req: PayloadRequest,
  collectionConfig: SanitizedCollectionConfig,
  user: SessionsOf,
  sid: string,
): Promise<void> => {
  const sessions = Array.isArray(user.sessions) ? (user.sessions as { id: string }[]) : []
  if (!collectionConfig.auth.useSessions || sessions.length === 0) {
    return
  }
  user.sessions = sessions.filter((session) => session.id !== sid)
  await req.payload.db.updateOne({
    id: user.id,
    collection: collectionConfig.slug,
    data: { sessions: user.sessions, updatedAt: null },
    req,
    returning: false,
  })
}

/**
 * Creates the Payload session of an account whose second factor was just verified, or whose first
 * factor was a single sign-on, the way Payload's own login does once a password is right (its
 * `loginOperation` cannot be used: there is no password here): a new session on the account, every `beforeLogin` hook (the suspension check runs again, so
 * an account suspended while its code was being typed gets nothing), the token, every `afterLogin`
 * hook (the sessions list records it), in one transaction. The user in the answer is read through
 * the collection's access rules, as Payload's login answers it.
 */
export const mintSession = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  {
    account,
    passwordless = false,
    secondFactorVerified = true,
  }: {
    /**
     * The account's row as the caller just read it (the single sign-on callback does): not read
     * again. Without it, the row is read here.
     */
    account?: StaffAccount
    /** A passkey alone signed in (no password): the session records it as such. */
    passwordless?: boolean
    /**
     * `false` for a first factor other than a password (single sign-on): the two-factor hook then
     * decides, as after a password, and throws `SecondFactorRequired` when a code is due.
     */
    secondFactorVerified?: boolean
  } = {},
): Promise<{ collection: Collection; result: MintedSession }> => {
  const { payload } = req
  const collection = payload.collections[options.usersCollection as CollectionSlug]!
  const collectionConfig = collection.config
  const shouldCommit = await initTransaction(req)
  try {
    let user = (
      account
        ? { ...account }
        : await payload.db.findOne({
            collection: collectionConfig.slug,
            joins: false as never,
            req,
            where: { id: { equals: userId } },
          })
    ) as null | Record<string, unknown>
    if (!user) {
      throw new Error('payload-backoffice: the account of a verified challenge no longer exists.')
    }
    delete user.hash
    delete user.salt
    user.collection = collectionConfig.slug
    user._strategy = 'local-jwt'
    if (secondFactorVerified) {
      // Tells the two-factor `beforeLogin` hook that this account's second factor is done.
      req.context[twoFactorContextKey] = {
        verifiedUserId: userId,
        ...(passwordless ? { passwordless: true } : {}),
      }
    }

    const sid = await addSession(req, collectionConfig, user as SessionsOf)
    const fieldsToSign = getFieldsToSign({
      collectionConfig,
      email: user.email as string,
      ...(sid ? { sid } : {}),
      user: user as never,
    })
    for (const hook of collectionConfig.hooks?.beforeLogin ?? []) {
      user = ((await hook({ collection: collectionConfig, context: req.context, req, user })) ??
        user) as Record<string, unknown>
    }
    const { exp, token } = await jwtSign({
      fieldsToSign,
      secret: payload.secret,
      tokenExpiration: collectionConfig.auth.tokenExpiration,
    })
    req.user = { ...user, _sid: sid, collection: collectionConfig.slug } as never
    for (const hook of collectionConfig.hooks?.afterLogin ?? []) {
      user = ((await hook({
        collection: collectionConfig,
        context: req.context,
        req,
        token,
        user,
      })) ?? user) as Record<string, unknown>
    }
    // Read access applied to the account in hand, as Payload's login answers (no second read).
    const readable = (await applyUserReadAccess({
      collection: collectionConfig,
      overrideAccess: false,
      req,
      showHiddenFields: false,
      user: user as never,
    })) as unknown as Record<string, unknown>
    if (shouldCommit) {
      await commitTransaction(req)
    }
    return {
      collection,
      result: {
        exp,
        token,
        user: { ...readable, _sid: sid, _strategy: 'local-jwt', collection: collectionConfig.slug },
      },
    }
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}
