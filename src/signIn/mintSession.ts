import type { Collection, CollectionSlug, PayloadRequest } from 'payload'

import {
  commitTransaction,
  getFieldsToSign,
  initTransaction,
  jwtSign,
  killTransaction,
} from 'payload'
import { addSessionToUser } from 'payload/shared'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { twoFactorContextKey } from '../request/context.js'

export type MintedSession = { exp: number; token: string; user: Record<string, unknown> }

/**
 * Creates the Payload session of an account whose second factor was just verified, the way Payload's
 * own login does once a password is right (its `loginOperation` cannot be used: there is no password
 * here): a new session on the account, every `beforeLogin` hook (the suspension check runs again, so
 * an account suspended while its code was being typed gets nothing), the token, every `afterLogin`
 * hook (the sessions list records it), in one transaction. The user in the answer is read through
 * the collection's access rules, as Payload's login answers it.
 */
export const mintSession = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
): Promise<{ collection: Collection; result: MintedSession }> => {
  const { payload } = req
  const collection = payload.collections[options.usersCollection as CollectionSlug]!
  const collectionConfig = collection.config
  const shouldCommit = await initTransaction(req)
  try {
    let user = (await payload.db.findOne({
      collection: collectionConfig.slug,
      req,
      where: { id: { equals: userId } },
    })) as null | Record<string, unknown>
    if (!user) {
      throw new Error('payload-backoffice: the account of a verified challenge no longer exists.')
    }
    delete user.hash
    delete user.salt
    user.collection = collectionConfig.slug
    user._strategy = 'local-jwt'
    // Tells the two-factor `beforeLogin` hook that this account's second factor is done.
    req.context[twoFactorContextKey] = { verifiedUserId: userId }

    const { sid } = await addSessionToUser({ collectionConfig, payload, req, user: user as never })
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
    const readable = (await payload.findByID({
      id: userId,
      collection: collectionConfig.slug,
      overrideAccess: false,
      req,
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
