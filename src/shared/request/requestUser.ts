import type { PayloadRequest } from 'payload'

/** The signed-in user of a request as the sessions code reads it, with Payload's session id. */
export type SessionUser = {
  /** The session the request's token belongs to, set by Payload's JWT strategy. */
  _sid?: string
  collection?: string
  id: number | string
  [field: string]: unknown
}

/**
 * The request's user when it is an account of the users collection, else null (anonymous, or a user
 * of another auth collection).
 */
export const requestUser = (
  req: Pick<PayloadRequest, 'user'>,
  usersCollection: string,
): null | SessionUser => {
  const user = req.user as null | SessionUser | undefined
  return user && user.collection === usersCollection ? user : null
}

/**
 * Whether the request comes from a signed-in account of the users collection: the condition of a
 * guard (`freshProof`'s `when`) for an endpoint open both to a session and to a sign-in's challenge.
 */
export const signedInRequest =
  ({ usersCollection }: { usersCollection: string }) =>
  (req: Pick<PayloadRequest, 'user'>): boolean =>
    requestUser(req, usersCollection) !== null
