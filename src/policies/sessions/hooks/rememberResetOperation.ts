import type { CollectionBeforeOperationHook } from 'payload'

import { sessionOperationContextKey } from '../../../shared/request/context.js'

/**
 * Notes in the request context that a password reset is under way. Payload's reset drops every
 * session of the account and then signs in afresh through the same `afterLogin` hooks as a login;
 * this lets that hook record the old sessions as ended by the reset rather than guess.
 */
export const rememberResetOperation: CollectionBeforeOperationHook = ({ operation, req }) => {
  if (operation === 'resetPassword') {
    req.context[sessionOperationContextKey] = 'resetPassword'
  }
}
