import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

export type AlertRecipient = { email: string; id: number | string; preferredLanguage?: unknown }

/** Every administrator with an email address: who security alerts go to. */
export const administrators = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
): Promise<AlertRecipient[]> => {
  const { docs } = await req.payload.find({
    collection: options.usersCollection,
    depth: 0,
    limit: 100,
    overrideAccess: true,
    pagination: false,
    req,
    where: { [options.roles.field]: { equals: options.roles.admin } },
  })
  return (docs as { email?: unknown }[]).filter(
    (doc): doc is AlertRecipient => typeof doc.email === 'string',
  )
}
