import type { ClientField, Field, ImportMap, PayloadRequest } from 'payload'

import { createClientFields } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { InvitedAccount } from './invitationStore.js'

import { hashToken, isWellFormedToken } from '../../shared/lib/tokens.js'
import { invitationStore } from './invitationStore.js'
import { profileFieldsFor } from './profileFields.js'

/**
 * The invitation a token on the accept-invitation page opens, the profile fields its invitee is
 * offered, and those fields as the client definitions the page hands the browser. Nothing for a
 * missing, made-up, used, revoked or expired token: the page is open to anyone, and the users
 * collection's schema (its fields, labels, the collections they point at) is not a stranger's to
 * read, as Payload keeps it out of a signed-out visitor's client config. The token is only read,
 * never used up.
 */
export const invitationPageFields = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  token: string,
  importMap: ImportMap,
): Promise<{ account: InvitedAccount | null; clientFields: ClientField[]; offered: Field[] }> => {
  const account = isWellFormedToken(token)
    ? await invitationStore(req, options).findUsable(hashToken(token))
    : null
  if (!account) {
    return { account: null, clientFields: [], offered: [] }
  }
  const offered = await profileFieldsFor(req, options, account)
  const clientFields = createClientFields({
    defaultIDType: req.payload.db.defaultIDType,
    disableAddingID: true,
    fields: offered,
    i18n: req.i18n,
    importMap,
  })
  return { account, clientFields, offered }
}
