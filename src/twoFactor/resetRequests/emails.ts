import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../options/types.js'

import { adminURL, sendSecurityEmail } from '../../email/sendSecurityEmail.js'
import { recipientLanguage } from '../../email/recipientLanguage.js'
import { backofficeTranslations } from '../../translations/index.js'

/** Tells the requester how their reset request was answered, with the reviewer's comment. */
export const sendResetAnsweredEmail = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  { comment, decision, userId }: { comment: null | string; decision: 'approved' | 'denied'; userId: number | string },
): Promise<void> => {
  const account = await req.payload.db.findOne<{ id: number | string } & Record<string, unknown>>({
    collection: options.usersCollection,
    req,
    where: { id: { equals: userId } },
  })
  if (!account || typeof account.email !== 'string') {
    return
  }
  const language = recipientLanguage(account, options)
  const approved = decision === 'approved'
  await sendSecurityEmail(req, {
    action: { label: 'emailActionSignIn', url: adminURL(req, req.payload.config.admin.routes.login) },
    body: approved ? 'emailTwoFactorResetApprovedBody' : 'emailTwoFactorResetDeniedBody',
    language,
    subject: approved ? 'emailTwoFactorResetApprovedSubject' : 'emailTwoFactorResetDeniedSubject',
    to: account.email,
    variables: { comment: comment ?? backofficeTranslations[language].emailNoComment, email: account.email },
  })
}
