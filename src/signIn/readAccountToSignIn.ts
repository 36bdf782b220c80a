import type { CollectionSlug, PayloadRequest, Where } from 'payload'

import type { StaffAccount } from '../shared/accounts/staffAccount.js'

/**
 * The account a sign-in is for, read as Payload's login reads it (`payload.db.findOne` in
 * payload/dist/auth/operations/login.js, 3.90.1): the row with the collection's join fields, such
 * as the account's trusted devices. Payload's login answers them to the person signing in, after
 * their read access, so the replay must have them too: without them its answer lacks fields
 * Payload's has. The PostgreSQL adapter reads them in the same statement as the row. This is the one
 * read of the account a sign-in makes: `replayLogin` checks the password of this very row.
 */
export const readAccountToSignIn = (
  req: PayloadRequest,
  usersSlug: CollectionSlug,
  where: Where,
): Promise<null | StaffAccount> =>
  req.payload.db.findOne<StaffAccount>({ collection: usersSlug, req, where })
