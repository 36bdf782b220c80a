import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import type { Endpoint, PayloadRequest } from 'payload'

import * as z from 'zod'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'
import type { EndpointGuard } from '../../../shared/request/EndpointGuard.js'

import { readAccount } from '../../../shared/accounts/staffAccount.js'
import { recordAuditEvent } from '../../../shared/audit/recordAuditEvent.js'
import { backofficeEndpoint } from '../../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { describeUserAgent } from '../../../shared/lib/describeUserAgent.js'
import { getClientInfo } from '../../../shared/request/clientInfo.js'
import { idTypeOf, jsonResponse } from '../../../shared/request/http.js'
import { parseDocumentId } from '../../../shared/request/parseDocumentId.js'
import { signedIn } from '../../../shared/request/signedIn.js'
import { isAdmin } from '../../../shared/roles/isAdmin.js'
import { freshProof } from '../../sudo/freshProof.js'
import { sendSignInAddedNotice } from '../../sudo/signInAddedNotice.js'
import { issueRecoveryCodes } from '../issueRecoveryCodes.js'
import { passkeyDevice } from '../lib/passkeyDevice.js'
import { twoFactorTurnedOn } from '../twoFactorTurnedOn.js'
import { registrationOptions, requireRelyingParty, verifyRegistration } from './ceremonies.js'
import { passkeysSlug } from './collections.js'
import { credentialJSON } from './credentialJSON.js'
import { sendPasskeyChangedEmail } from './emails.js'
import {
  credentialsOf,
  hasPasskey,
  insertPasskey,
  listPasskeys,
  removePasskey,
  renamePasskey,
} from './passkeyStore.js'
import { userHandleOf } from './relyingParty.js'
import { passkeyRequiredFor } from './requirement.js'

/** Names are for their owner to tell passkeys apart: one line, at most 64 characters. */
const nameMaxLength = 64

/** A name as given: one line (runs of spaces and line breaks become one space), 1 to 64 characters. */
const passkeyName = z
  .string()
  .transform((name) => name.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1).max(nameMaxLength))

/** A new passkey's name is optional: left out, null or empty, the device names it. */
const newPasskeyName = z
  .union([z.null(), z.literal('')])
  .transform(() => null)
  .or(passkeyName)
  .optional()
  .transform((name) => name ?? null)

/** A refusal of `name` is PASSKEY_NAME_INVALID, with the limit; anything else MALFORMED_REQUEST. */
const refusePasskeyBody = (req: PayloadRequest, field: string) =>
  field === 'name'
    ? new BackofficeError('PASSKEY_NAME_INVALID', { req, variables: { max: nameMaxLength } })
    : new BackofficeError('MALFORMED_REQUEST', { req })

/** Passkeys need a relying party: without one every passkey endpoint answers as it would refuse. */
const relyingPartyConfigured =
  (options: SanitizedBackofficeOptions): EndpointGuard =>
  (req) => {
    requireRelyingParty(req, options)
  }

/** The passkey named by the route's `:id`, or MALFORMED_REQUEST. */
const routePasskeyId = (req: PayloadRequest): number | string => {
  const id = parseDocumentId(req.routeParams?.id, idTypeOf(req, passkeysSlug))
  if (id === null) {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
  return id
}

/**
 * `GET /api/{users}/mfa/passkeys`: the signed-in person's passkeys (never a key), whether passkeys
 * work on this server, and whether their role requires one. Administrators may add `?user=<id>`.
 */
export const listPasskeysEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { viewer }) => {
      const asked = req.searchParams.get('user')
      let userId: number | string = viewer.id
      if (asked !== null) {
        if (!isAdmin(viewer, options)) {
          throw new BackofficeError('INSUFFICIENT_PERMISSIONS', {
            req,
            variables: { role: options.roles.admin },
          })
        }
        const parsed = parseDocumentId(asked, idTypeOf(req, options.usersCollection))
        if (parsed === null) {
          throw new BackofficeError('MALFORMED_REQUEST', { req })
        }
        userId = parsed
      }
      const account =
        String(userId) === String(viewer.id) ? viewer : await readAccount(req, options, userId)
      let available = true
      try {
        requireRelyingParty(req, options)
      } catch {
        available = false
      }
      return jsonResponse(req, {
        available,
        docs: await listPasskeys(req.payload, userId),
        required: account ? passkeyRequiredFor(account, options) : false,
      })
    },
    method: 'get',
    path: '/mfa/passkeys',
    requires: [signedIn(options)],
  })

/**
 * `POST /api/{users}/mfa/passkeys/registration-options`: the options for the browser to create a
 * passkey for the signed-in account, in sudo mode (adding a way into the account is a sensitive
 * change: OWASP ASVS 5.0 7.5.1).
 */
export const registrationOptionsEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { viewer }) => {
      const account = await readAccount(req, options, viewer.id)
      if (!account?.email) {
        throw new BackofficeError('AUTHENTICATION_REQUIRED', { req })
      }
      return jsonResponse(
        req,
        await registrationOptions(req, options, {
          account: { email: account.email, id: account.id },
          existing: await credentialsOf(req.payload, account.id),
        }),
      )
    },
    method: 'post',
    path: '/mfa/passkeys/registration-options',
    requires: [signedIn(options), relyingPartyConfigured(options), freshProof(options)],
  })

/**
 * `POST /api/{users}/mfa/passkeys` with `{ response, name? }`: verifies the browser's new credential
 * against the challenge issued to this account, and stores its public key. Audited and emailed; the
 * account's first second factor also turns two-factor on (`twoFactorTurnedOn`) and comes with
 * recovery codes (`recoveryCodes` in the answer, shown once; null otherwise).
 */
export const addPasskeyEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: z.object({ response: credentialJSON, name: newPasskeyName }),
    handler: async (req, { body, viewer }) => {
      // The outline is checked; the verification below judges the rest.
      const response = body.response as unknown as RegistrationResponseJSON
      const givenName = body.name
      const account = await readAccount(req, options, viewer.id)
      if (!account) {
        throw new BackofficeError('AUTHENTICATION_REQUIRED', { req })
      }
      // Read before the insert: two first passkeys added at once both find none, and both turn
      // two-factor on, which is harmless; read after, both could find two and neither would.
      const twoFactorWasOn =
        account.totpConfig?.status === 'enabled' || (await hasPasskey(req.payload, account.id))
      const info = await verifyRegistration(req, options, { response, userId: account.id })
      const { browser, os } = describeUserAgent(getClientInfo(req, options).userAgent)
      const name =
        givenName ?? (passkeyDevice({ browser, os }) || 'Passkey').slice(0, nameMaxLength)
      const passkey = await insertPasskey(req, {
        backedUp: info.credentialBackedUp,
        browser,
        counter: info.credential.counter,
        credentialId: info.credential.id,
        deviceType: info.credentialDeviceType,
        name,
        os,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        transports: info.credential.transports ?? null,
        userHandle: userHandleOf(req.payload, account.id),
        userId: account.id,
      })
      if (!passkey) {
        throw new BackofficeError('PASSKEY_ALREADY_REGISTERED', { req })
      }
      await recordAuditEvent(req, {
        data: { backedUp: passkey.backedUp, browser, name, os, passkeyId: passkey.id },
        event: 'twoFactor.passkeyAdded',
        user: account,
      })
      await sendSignInAddedNotice(req, options, {
        account,
        addedAt: new Date(passkey.createdAt),
        body: 'emailPasskeyAddedBody',
        subject: 'emailPasskeyAddedSubject',
        variables: { name },
      })
      if (!twoFactorWasOn) {
        // The first passkey is a second factor the next password sign-in asks for: two-factor is
        // on, as when the app is set up, and this session is the one that stays.
        await twoFactorTurnedOn(req, options, {
          account,
          by: { factor: 'passkey', name },
          keepSid: viewer._sid ?? null,
          via: 'account',
        })
      }
      // Recovery codes come with every second factor (as GitHub gives them): an account whose only
      // factor is this passkey would otherwise need an administrator's reset once the device is
      // lost. Shown this once, in this answer; an account that already holds codes keeps them.
      const recoveryCodes = twoFactorWasOn
        ? null
        : await issueRecoveryCodes(req, options, account, { onlyIfNone: true })
      return jsonResponse(
        req,
        { doc: passkey, recoveryCodes },
        new Headers({ 'Cache-Control': 'no-store' }),
      )
    },
    method: 'post',
    path: '/mfa/passkeys',
    refuseBody: refusePasskeyBody,
    requires: [signedIn(options), relyingPartyConfigured(options), freshProof(options)],
  })

/** `POST /api/{users}/mfa/passkeys/:id/rename` with `{ name }`: one's own passkeys only. Audited. */
export const renamePasskeyEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: z.object({ name: passkeyName }),
    handler: async (req, { body: { name }, viewer }) => {
      const id = routePasskeyId(req)
      const previousName = await renamePasskey(req.payload, {
        name,
        ownerId: viewer.id,
        passkeyId: id,
      })
      if (previousName === null) {
        throw new BackofficeError('NOT_FOUND', { req })
      }
      // Audited like adding and removing one: the names are what the owner and the emails go by.
      await recordAuditEvent(req, {
        data: { name, passkeyId: id, previousName },
        event: 'twoFactor.passkeyRenamed',
        user: viewer,
      })
      return jsonResponse(req, { name })
    },
    method: 'post',
    path: '/mfa/passkeys/:id/rename',
    refuseBody: refusePasskeyBody,
    requires: [signedIn(options)],
  })

/**
 * `POST /api/{users}/mfa/passkeys/:id/remove`: removes one of one's own passkeys, or, for an
 * administrator, anyone's (a lost or stolen device); in sudo mode either way. Another account's
 * passkey is "not found" to anyone else, so ids cannot be probed. Audited; the owner is emailed.
 */
export const removePasskeyEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { viewer }) => {
      const id = routePasskeyId(req)
      const removed = await removePasskey(req, {
        ownerId: isAdmin(viewer, options) ? null : viewer.id,
        passkeyId: id,
      })
      if (!removed) {
        throw new BackofficeError('NOT_FOUND', { req })
      }
      const own = String(removed.userId) === String(viewer.id)
      // Read once: the audit names the owner, and the email needs the owner's address and language.
      const owner =
        (await readAccount(req, options, removed.userId)) ?? (own ? viewer : { id: removed.userId })
      await recordAuditEvent(req, {
        data: { name: removed.name, passkeyId: id },
        event: 'twoFactor.passkeyRemoved',
        user: owner,
      })
      await sendPasskeyChangedEmail(req, options, {
        change: own ? 'removed' : 'removedByAdministrator',
        name: removed.name,
        owner,
      })
      return jsonResponse(req, { removed: 1 })
    },
    method: 'post',
    path: '/mfa/passkeys/:id/remove',
    requires: [signedIn(options), freshProof(options)],
  })
