import type { Endpoint, PayloadRequest } from 'payload'

import QRCode from 'qrcode'

import type { StaffAccount } from '../../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'
import type { SessionUser } from '../../../shared/request/requestUser.js'

import { readAccount } from '../../../shared/accounts/staffAccount.js'
import { recordAuditEvent } from '../../../shared/audit/recordAuditEvent.js'
import { inTransaction } from '../../../shared/db/inTransaction.js'
import { backofficeEndpoint } from '../../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { openSecretWithKeys } from '../../../shared/lib/openSecretWithKeys.js'
import { sealSecret } from '../../../shared/lib/secretBox.js'
import { jsonResponse } from '../../../shared/request/http.js'
import { signedIn } from '../../../shared/request/signedIn.js'
import { endSessions } from '../../sessions/endSessions.js'
import { freshProof } from '../../sudo/freshProof.js'
import { sendSignInAddedNotice } from '../../sudo/signInAddedNotice.js'
import {
  beginReplacement,
  completeReplacement,
  readTotpState,
  turnOffApp,
} from '../accountState.js'
import { codeRequest } from '../codeRequest.js'
import { totpIssuer } from '../issuer.js'
import { generateTotpSecret, otpauthUri, verifyTotp } from '../lib/totp.js'
import { hasPasskey } from '../passkeys/passkeyStore.js'
import { proveSecondFactor, secondFactorProof } from '../proveSecondFactor.js'
import { readCodeRequest } from '../readCode.js'
import { deleteRecoveryCodes } from '../recoveryCodes/store.js'
import { appRemovable } from './appRemovable.js'
import { totpSecretKeys } from './secretKey.js'

const noStore = () => new Headers({ 'Cache-Control': 'no-store' })

/** The signed-in account, read now (its roles decide whether the app may go), or a refusal. */
const ownAccount = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  viewer: SessionUser,
): Promise<{ account: StaffAccount; sid: null | string }> => {
  const account = await readAccount(req, options, viewer.id)
  if (!account) {
    throw new BackofficeError('AUTHENTICATION_REQUIRED', { req })
  }
  return { account, sid: viewer._sid ?? null }
}

/**
 * `POST /api/{users}/mfa/totp/replace` with `{ code }` (the app's current code) or
 * `{ recoveryCode }`: starts replacing the authenticator app ("a new phone"), in sudo mode. Answers
 * `{ accountName, qrCode, secret }` of a new secret, kept beside the enabled one, which goes on
 * working until a code from the new app is sent to `…/replace/finish`: a replacement left half-way
 * changes nothing. GitHub's "Edit" of the app asks the same (sudo, then a current code).
 */
export const beginAppReplacementEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: secondFactorProof,
    handler: async (req, { body, viewer }) => {
      const { account } = await ownAccount(req, options, viewer)
      await proveSecondFactor(req, options, account, body, 'replaceApp')
      const secret = generateTotpSecret()
      const sealed = sealSecret(
        secret,
        totpSecretKeys(req.payload, options)[0]!,
        String(account.id),
      )
      if (!(await beginReplacement(req.payload, options, account.id, sealed))) {
        throw new BackofficeError('TOTP_NOT_ENABLED', { req })
      }
      const accountName = account.email ?? String(account.id)
      const uri = otpauthUri({
        accountName,
        issuer: totpIssuer(req.payload.config, options),
        secret,
      })
      const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2 })
      return jsonResponse(req, { accountName, qrCode, secret }, noStore())
    },
    method: 'post',
    path: '/mfa/totp/replace',
    requires: [signedIn(options), freshProof(options)],
  })

/**
 * `POST /api/{users}/mfa/totp/replace/finish` with `{ code }` from the new app: the new secret takes
 * over and the old app's codes stop working. As when the app is first set up
 * (`twoFactorTurnedOn`), every other session of the account ends (a thief's must not outlive the
 * change: OWASP ASVS 5.0 7.4.3), it is audited (`twoFactor.appReplaced`), and the owner is emailed
 * with a "this wasn't me" link, also at the first address of an email-change run still open
 * (`sendSignInAddedNotice`): a new authenticator is a way in added now.
 */
export const finishAppReplacementEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: codeRequest,
    handler: async (req, { body, viewer }) => {
      const { account, sid } = await ownAccount(req, options, viewer)
      const { code } = readCodeRequest(req, body)
      const state = await readTotpState(req.payload, options, account.id)
      if (state?.status !== 'enabled') {
        throw new BackofficeError('TOTP_NOT_ENABLED', { req })
      }
      const sealed = state.replacementSecret
      const opened =
        sealed === null
          ? null
          : openSecretWithKeys(sealed, totpSecretKeys(req.payload, options), String(account.id))
      if (sealed === null || !opened) {
        // Nothing waiting (finished or started again elsewhere): start again.
        throw new BackofficeError('TOTP_SETUP_FAILED', { req })
      }
      const verification = await verifyTotp(opened.plaintext, code, Date.now())
      if (!verification.valid) {
        await recordAuditEvent(req, {
          actor: account,
          data: { factor: 'totp', reason: 'wrongCode', stage: 'replaceApp' },
          event: 'twoFactor.challengeFailed',
          user: account,
        })
        throw new BackofficeError('TOTP_CODE_INVALID', { req })
      }
      if (
        !(await completeReplacement(req.payload, options, account.id, {
          sealedSecret: sealed,
          timeStep: verification.timeStep,
        }))
      ) {
        throw new BackofficeError('TOTP_SETUP_FAILED', { req })
      }
      await recordAuditEvent(req, {
        actor: account,
        data: { factor: 'totp' },
        event: 'twoFactor.appReplaced',
        user: account,
      })
      await endSessions(req, {
        ...(sid ? { exceptSid: sid } : {}),
        reason: 'twoFactorChange',
        revokedBy: account.id,
        userId: account.id,
      })
      if (account.email) {
        await sendSignInAddedNotice(req, options, {
          account,
          addedAt: new Date(),
          body: 'emailTwoFactorAppReplacedBody',
          subject: 'emailTwoFactorAppReplacedSubject',
          variables: {},
        })
      }
      return jsonResponse(req, { success: true }, noStore())
    },
    method: 'post',
    path: '/mfa/totp/replace/finish',
    requires: [signedIn(options), freshProof(options)],
  })

/**
 * `POST /api/{users}/mfa/totp/remove` with `{ code }` or `{ recoveryCode }`: turns the authenticator
 * app off, in sudo mode with a current code (GitHub's "Disable"). Only where the plugin's
 * `twoFactor.enforcement` does not require a second factor of the account's role, or a passkey
 * remains to be one; otherwise 403 `TWO_FACTOR_REQUIRED` (the account page says so and offers no
 * Remove). Without a passkey left, the recovery codes go too (they stand in for a second factor
 * there no longer is). Audited (`twoFactor.appRemoved`); the owner is emailed with a "this wasn't me"
 * link, to a run's first address too. Other sessions stay, as when a passkey is removed: nothing
 * was added that a thief's session could now outlive.
 */
export const removeAppEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: secondFactorProof,
    handler: async (req, { body, viewer }) => {
      const { account } = await ownAccount(req, options, viewer)
      const passkeyLeft = options.passkeys.enabled && (await hasPasskey(req.payload, account.id))
      if (!appRemovable(account, options, passkeyLeft)) {
        throw new BackofficeError('TWO_FACTOR_REQUIRED', { req })
      }
      const factor = await proveSecondFactor(req, options, account, body, 'removeApp')
      const removed = await inTransaction(req, async () => {
        if (!(await turnOffApp(req, options, account.id))) {
          return false
        }
        const codesRemoved = passkeyLeft ? 0 : await deleteRecoveryCodes(req, account.id)
        await recordAuditEvent(req, {
          actor: account,
          data: { proof: factor, recoveryCodesRemoved: codesRemoved },
          event: 'twoFactor.appRemoved',
          user: account,
        })
        return true
      })
      if (!removed) {
        throw new BackofficeError('TOTP_NOT_ENABLED', { req })
      }
      if (account.email) {
        await sendSignInAddedNotice(req, options, {
          account,
          addedAt: new Date(),
          body: 'emailTwoFactorAppRemovedBody',
          subject: 'emailTwoFactorAppRemovedSubject',
          variables: {},
        })
      }
      return jsonResponse(req, { removed: 1 }, noStore())
    },
    method: 'post',
    path: '/mfa/totp/remove',
    requires: [signedIn(options), freshProof(options)],
  })
