import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'
import type { BackofficeLanguage } from '../translations/types.js'

import { recipientLanguage } from './recipientLanguage.js'
import { type SecurityEmail, sendSecurityEmail } from './sendSecurityEmail.js'

type AlertRecipient = { email: string; id: number | string; preferredLanguage?: unknown }

/** Every administrator with an email address: who security alerts go to. */
const administrators = async (
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

/**
 * One security alert to every administrator, each in their own language: an automatic suspension, a
 * 2FA reset request, guessing at an account. `variables` are built per language, so a reason given
 * as text reads in the recipient's words.
 */
export const alertAdministrators = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    variables,
    ...email
  }: Omit<SecurityEmail, 'language' | 'to' | 'variables'> & {
    variables: (language: BackofficeLanguage) => Record<string, string>
  },
): Promise<void> => {
  for (const administrator of await administrators(req, options)) {
    const language = recipientLanguage(administrator, options)
    await sendSecurityEmail(req, {
      ...email,
      language,
      to: administrator.email,
      variables: variables(language),
    })
  }
}
