import type { Collection, loginOperation, PayloadRequest } from 'payload'

import {
  AuthenticationError,
  checkLoginPermission,
  commitTransaction,
  Forbidden,
  getFieldsToSign,
  initTransaction,
  jwtSign,
  killTransaction,
  resetLoginAttempts,
  UnverifiedEmail,
} from 'payload'

import type { StaffAccount } from '../shared/accounts/staffAccount.js'

import {
  checkPasswordAtSignIn,
  currentFormatHash,
} from '../policies/passwords/matchesStoredPassword.js'
import { addSession } from './addSession.js'
import { readAsSignedIn } from './readAsSignedIn.js'
import { removeSession } from './removeSession.js'

export type LoginResult = Awaited<ReturnType<typeof loginOperation>>

/**
 * Payload's login operation (payload/dist/auth/operations/login.js, 3.90.1), replayed on an account
 * its caller has already read: the one place every sign-in ends, whatever proved the person (a
 * password, a password just set, a second factor, a passkey alone, a single sign-on). The same
 * steps, hooks and errors in the same order; test/integration/loginReplay.test.ts compares what it
 * stores, signs and answers with Payload's own login. The caller reads the account as Payload's
 * login does (`readAccountToSignIn`). Left out is the database work that would repeat the caller's
 * or that the plugin has turned off: `loginOperation` would read the account again (its lock
 * fields, which the plugin does not use: src/policies/lockout counts in its own columns), and write the
 * whole account back, hash and roles included, to add a session.
 *
 * - With `password`, it is checked as Payload checks it, after the `beforeOperation` hooks (which
 *   cannot move the sign-in to another account than the one the caller counted an attempt
 *   against); a wrong one throws `AuthenticationError`, without Payload's `loginAttempts` counting:
 *   the plugin sets `maxLoginAttempts` out of reach (src/policies/lockout) and counts in its own columns.
 * - Without one, the caller has verified the factor; `beforeOperation` and `afterOperation`, whose
 *   arguments are a login's email and password, do not run. A trashed account is refused either way.
 * - Of the account, only the new session is written: one row of its `sessions` array (see
 *   `addSession`).
 */
export const replayLogin = async (
  req: PayloadRequest,
  collection: Collection,
  { account, password }: { account: StaffAccount; password?: string },
): Promise<LoginResult> => {
  const { payload } = req
  const collectionConfig = collection.config
  const withPassword = password !== undefined
  if (withPassword && collectionConfig.auth.disableLocalStrategy) {
    throw new Forbidden(req.t)
  }

  // beforeOperation, as Payload's `buildBeforeOperation` runs it.
  let args = {
    collection,
    data: { email: account.email ?? '', password: password ?? '' },
    req,
  } as Parameters<typeof loginOperation>[0]
  for (const hook of withPassword ? (collectionConfig.hooks?.beforeOperation ?? []) : []) {
    const hookResult = await hook({
      args,
      collection: collectionConfig,
      context: req.context,
      operation: 'login',
      overrideAccess: args.overrideAccess,
      req,
    })
    if (hookResult !== undefined) {
      args = hookResult as typeof args
    }
  }
  const { depth, overrideAccess = false, showHiddenFields } = args

  // Payload's lookup leaves out trashed accounts.
  const found = collectionConfig.trash && account.deletedAt ? null : account
  checkLoginPermission({ req, user: found as never })
  const user: Record<string, unknown> = {
    ...account,
    _strategy: 'local-jwt',
    collection: collectionConfig.slug,
  }
  const checked = withPassword ? await checkPasswordAtSignIn(user, password) : { legacy: false }
  if (!checked) {
    throw new AuthenticationError(req.t)
  }
  if (withPassword && collectionConfig.auth.verify && user._verified === false) {
    throw new UnverifiedEmail({ t: req.t })
  }

  const shouldCommit = await initTransaction(req)
  let sid: string | undefined
  try {
    sid = await addSession(req, collectionConfig, user as StaffAccount)
    if (checked.legacy && typeof user.hash === 'string' && typeof user.salt === 'string') {
      // Payload's login upgrades a hash of the old format once the password is known; opportunistic,
      // retried at the next sign-in, so a failure must not refuse this one.
      try {
        await payload.db.updateOne({
          collection: collectionConfig.slug,
          data: await currentFormatHash(password!),
          req,
          select: { id: true },
          where: {
            hash: { equals: user.hash },
            id: { equals: user.id },
            salt: { equals: user.salt },
          },
        })
      } catch (error) {
        payload.logger.error({ err: error, msg: 'Failed to update the stored password hash' })
      }
    }
    const fieldsToSign = getFieldsToSign({
      collectionConfig,
      email: String(user.email ?? ''),
      ...(sid ? { sid } : {}),
      user: user as never,
    })
    // Payload's own counter: zero while the plugin runs, so this writes nothing; kept for accounts
    // that carry a count from before it.
    await resetLoginAttempts({ collection: collectionConfig, doc: user as never, payload, req })

    let signedIn = user
    for (const hook of collectionConfig.hooks?.beforeLogin ?? []) {
      signedIn =
        ((await hook({
          collection: collectionConfig,
          context: req.context,
          req,
          user: signedIn,
        })) as typeof signedIn | undefined) || signedIn
    }
    const { exp, token } = await jwtSign({
      fieldsToSign,
      secret: payload.secret,
      tokenExpiration: collectionConfig.auth.tokenExpiration,
    })
    req.user = signedIn as never
    for (const hook of collectionConfig.hooks?.afterLogin ?? []) {
      signedIn =
        ((await hook({
          collection: collectionConfig,
          context: req.context,
          req,
          token,
          user: signedIn,
        })) as typeof signedIn | undefined) || signedIn
    }
    let result: LoginResult = {
      exp,
      token,
      user: (await readAsSignedIn({
        collection: collectionConfig,
        depth: depth as number | undefined,
        overrideAccess,
        req,
        showHiddenFields: Boolean(showHiddenFields),
        user: signedIn,
      })) as never,
    }
    // afterOperation, as Payload's `buildAfterOperation` runs it.
    for (const hook of withPassword ? (collectionConfig.hooks?.afterOperation ?? []) : []) {
      const hookResult = await hook({
        args,
        collection: collectionConfig,
        operation: 'login',
        overrideAccess: args.overrideAccess,
        req,
        result,
      } as never)
      if (hookResult !== undefined) {
        result = hookResult as LoginResult
      }
    }
    if (shouldCommit) {
      await commitTransaction(req)
    }
    return result
  } catch (error) {
    // Payload writes the session back out here (`revokeSession`); inside a transaction the rollback
    // below removes it anyway, so that write is only needed without one.
    const inTransaction = Boolean(req.transactionID) && !(req.transactionID instanceof Promise)
    if (sid && !inTransaction) {
      await removeSession(req, collectionConfig, user as StaffAccount, sid)
    }
    await killTransaction(req)
    throw error
  }
}
