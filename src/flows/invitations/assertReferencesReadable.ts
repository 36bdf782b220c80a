import type { Field, PayloadRequest } from 'payload'

import { createLocalReq } from 'payload'

import type { InvitedAccount } from './invitationStore.js'

import { BackofficeError } from '../../shared/errors/BackofficeError.js'

type Reference = { collection: string; id: number | string }

const referencesOf = (field: Field, value: unknown): Reference[] => {
  if (field.type !== 'relationship' && field.type !== 'upload') {
    return []
  }
  const relationTo = field.relationTo
  const items = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]
  return items.map((item) =>
    Array.isArray(relationTo)
      ? {
          id: (item as Reference & { value: number | string }).value,
          collection: (item as { relationTo: string }).relationTo,
        }
      : { id: item as number | string, collection: relationTo },
  )
}

/**
 * Refuses (400 MALFORMED_REQUEST) a profile that points at a document the invitee may not read: the
 * account is saved by the plugin with access checks off, so without this an invitee could attach any
 * document whose id they guess (a private upload as their avatar, say) and have it shown with their
 * profile. Each reference is read with the invitee's own access, as after signing in (OWASP ASVS 5.0
 * 8.2.2, access to data items by the user's own rights).
 */
export const assertReferencesReadable = async (
  req: PayloadRequest,
  {
    account,
    collection,
    fields,
    profile,
  }: {
    account: InvitedAccount
    collection: string
    fields: Field[]
    profile: Record<string, unknown>
  },
): Promise<void> => {
  // A request of its own: handing `user` to the local API with this request would change its user.
  const asInvitee = await createLocalReq({ user: { ...account, collection } as never }, req.payload)
  for (const field of fields) {
    for (const reference of referencesOf(field, profile[(field as { name: string }).name])) {
      const found = await req.payload.findByID({
        id: reference.id,
        collection: reference.collection as never,
        depth: 0,
        disableErrors: true,
        overrideAccess: false,
        req: asInvitee,
      })
      if (!found) {
        throw new BackofficeError('MALFORMED_REQUEST', { req })
      }
    }
  }
}
