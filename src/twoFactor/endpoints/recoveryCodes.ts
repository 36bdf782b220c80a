import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../options/types.js'

import { recordAuditEvent } from '../../audit/recordAuditEvent.js'
import { inTransaction } from '../../db/inTransaction.js'
import { BackofficeError } from '../../errors/BackofficeError.js'
import { backofficeEndpoint } from '../../errors/errorResponse.js'
import { assertEmptyBody, jsonResponse } from '../../request/http.js'
import { requestUser } from '../../request/requestUser.js'
import { requireFreshProof } from '../../sudo/requireFreshProof.js'
import { readTotpState } from '../accountState.js'
import { formatRecoveryCode, generateRecoveryCode, hashRecoveryCode } from '../lib/recoveryCodes.js'
import { sendRecoveryCodesEmail } from '../recoveryCodes/emails.js'
import { recoveryCodesStatus, replaceRecoveryCodes } from '../recoveryCodes/store.js'

/**
 * `GET /api/{users}/mfa/recovery-codes`: how many of the signed-in person's recovery codes remain,
 * out of how many, generated when (`{ generatedAt, remaining, total }`); never the codes, which are
 * stored only as hashes.
 */
export const recoveryCodesStatusEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const viewer = requestUser(req, options.usersCollection)
      if (!viewer) {
        throw new BackofficeError('AUTHENTICATION_REQUIRED', { req })
      }
      return jsonResponse(req, await recoveryCodesStatus(req.payload, viewer.id))
    },
    method: 'get',
    path: '/mfa/recovery-codes',
  })

/**
 * `POST /api/{users}/mfa/recovery-codes`: a new set of `recoveryCodes.count` codes for the signed-in
 * person, whose second factor must be enabled. The earlier codes stop working in the same
 * transaction. The codes are in this answer and nowhere else (`{ codes, generatedAt, remaining,
 * total }`, not cacheable); the owner is emailed, so codes made with a stolen session do not go
 * unnoticed. Sudo mode: a stolen session alone must not be able to mint itself a way past the
 * second factor (OWASP ASVS 5.0 V7.5, "changes to … factors and recovery").
 */
export const generateRecoveryCodesEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const viewer = requestUser(req, options.usersCollection)
      if (!viewer) {
        throw new BackofficeError('AUTHENTICATION_REQUIRED', { req })
      }
      await assertEmptyBody(req)
      await requireFreshProof(req, options)
      const notEnabled = () => new BackofficeError('TOTP_NOT_ENABLED', { req })
      if ((await readTotpState(req.payload, options, viewer.id))?.status !== 'enabled') {
        throw notEnabled()
      }
      const count = options.twoFactor.recoveryCodes.count
      const codes = Array.from({ length: count }, generateRecoveryCode)
      // Hashed before the transaction opens: scrypt takes a while, the row lock should not.
      const hashes = await Promise.all(codes.map(hashRecoveryCode))
      const previous = await inTransaction(req, async () => {
        const earlier = await recoveryCodesStatus(req.payload, viewer.id)
        if (!(await replaceRecoveryCodes(req, options, viewer.id, hashes))) {
          return null
        }
        await recordAuditEvent(req, {
          actor: viewer,
          data: { count, previousRemaining: earlier.remaining },
          event: 'twoFactor.recoveryCodesGenerated',
          user: viewer,
        })
        return earlier
      })
      if (!previous) {
        throw notEnabled()
      }
      await sendRecoveryCodesEmail(req, options, viewer, {
        count,
        kind: 'generated',
        replacedEarlier: previous.total > 0,
      })
      return jsonResponse(
        req,
        {
          codes: codes.map(formatRecoveryCode),
          ...(await recoveryCodesStatus(req.payload, viewer.id)),
        },
        new Headers({ 'Cache-Control': 'no-store' }),
      )
    },
    method: 'post',
    path: '/mfa/recovery-codes',
  })
