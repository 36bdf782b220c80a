import type { BaseDatabaseAdapter, CollectionSlug, Config } from 'payload'

/** A lookup of the staff accounts by email-verification token, on a collection that keeps none. */
const asksForVerificationToken = (
  adapter: BaseDatabaseAdapter,
  usersSlug: string,
  { collection, where }: { collection: string; where?: unknown },
): boolean =>
  collection === usersSlug &&
  !adapter.payload.collections[usersSlug as CollectionSlug]?.config.auth?.verify &&
  JSON.stringify(where ?? {}).includes('"_verificationToken"')

/**
 * Payload's email verification (`POST /api/<users>/verify/:token`, GraphQL `verifyEmail…`) stays
 * mounted when `auth.verify` is off, and its lookup of a token column that does not exist fails with
 * a 500. No account has a token then, so the lookup finds none here, and Payload answers its own 403.
 * Payload offers no option to unmount the route, so the database adapter answers the lookup.
 */
export const verificationWithoutTokens = (db: Config['db'], usersSlug: string): Config['db'] => ({
  ...db,
  init: (args: Parameters<Config['db']['init']>[0]) => {
    const adapter: BaseDatabaseAdapter = db.init(args)
    const { findOne } = adapter
    adapter.findOne = async function (this: BaseDatabaseAdapter, findArgs) {
      return asksForVerificationToken(this, usersSlug, findArgs)
        ? null
        : findOne.call(this, findArgs)
    } as typeof findOne
    return adapter
  },
})
