import type { PayloadRequest } from 'payload'

import type { AuditEventInput } from '../../shared/audit/recordAuditEvent.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { requestText } from '../../shared/i18n/text.js'
import { jsonResponse } from '../../shared/request/http.js'
import { recordProof } from './sessionProof.js'

/**
 * What every way of "Confirm it's you" does once its proof (password, app code, recovery code,
 * passkey) is accepted: records the proof on the session `sid`, audits `password.confirmed` (with
 * `data`, the factor, where given) and answers with the sudo window, in the admin's language.
 */
export const sessionConfirmed = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    account,
    data,
    sid,
  }: { account: AuditEventInput['user']; data?: AuditEventInput['data']; sid: string },
): Promise<Response> => {
  await recordProof(req, options, sid)
  await recordAuditEvent(req, {
    ...(data ? { data } : {}),
    event: 'password.confirmed',
    user: account,
  })
  return jsonResponse(req, {
    message: requestText(req, 'sudoConfirmed', { minutes: options.sudo.windowMinutes }),
    windowMinutes: options.sudo.windowMinutes,
  })
}
