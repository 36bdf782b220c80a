import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { PayloadRequest } from 'payload'

import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'
import type { StoredPasskey } from './passkeyStore.js'

import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { issueChallenge, type PasskeyPurpose, takeChallenge } from './challengeStore.js'
import { type RelyingParty, relyingParty, userHandleOf } from './relyingParty.js'
import { issueSignInChallenge, redeemSignInChallenge } from './signInChallenge.js'

/** The relying party, or PASSKEYS_UNAVAILABLE when passkeys are off or cannot work here. */
export const requireRelyingParty = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
): RelyingParty => {
  const party = options.passkeys.enabled ? relyingParty(req.payload, options) : null
  if (!party) {
    throw new BackofficeError('PASSKEYS_UNAVAILABLE', { req })
  }
  return party
}

// Every algorithm @simplewebauthn verifies is offered; ES256 and RS256 are what WebAuthn §5.8.5
// says every relying party should accept (Ed25519 first, as the library orders them).
const timeoutMs = (options: SanitizedBackofficeOptions) => options.passkeys.timeoutSeconds * 1000

/** The options for `navigator.credentials.create()` to add a passkey to this account. */
export const registrationOptions = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    account,
    existing,
  }: { account: { email: string; id: number | string }; existing: StoredPasskey[] },
): Promise<PublicKeyCredentialCreationOptionsJSON> => {
  const party = requireRelyingParty(req, options)
  const challenge = await issueChallenge(req.payload, options, {
    purpose: 'registration',
    userId: account.id,
  })
  return generateRegistrationOptions({
    // No attestation: the admin trusts the person who proved their password, not a make of device,
    // and an attestation statement would identify the device (WebAuthn §14.4.1).
    attestationType: 'none',
    authenticatorSelection: {
      // Discoverable, so the same passkey also serves a password-less sign-in; user verification
      // (a PIN or biometric) required, so it counts as two factors (NIST SP 800-63B-4 §3.1.7).
      residentKey: 'required',
      userVerification: 'required',
    },
    // Bytes: a string would be taken as UTF-8 text and encoded again.
    challenge: new Uint8Array(Buffer.from(challenge, 'base64url')),
    // The authenticator refuses to register a second credential for this account (WebAuthn §5.4).
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      ...(passkey.transports ? { transports: passkey.transports } : {}),
    })) as never,
    rpID: party.rpId,
    rpName: party.rpName,
    timeout: timeoutMs(options),
    userDisplayName: account.email,
    userID: Buffer.from(userHandleOf(req.payload, account.id), 'base64url'),
    userName: account.email,
  })
}

/** The options for `navigator.credentials.get()` over `challenge`, offering `credentials`. */
const requestOptions = (
  party: RelyingParty,
  options: SanitizedBackofficeOptions,
  challenge: string,
  credentials: StoredPasskey[],
): Promise<PublicKeyCredentialRequestOptionsJSON> =>
  generateAuthenticationOptions({
    allowCredentials: credentials.map((passkey) => ({
      id: passkey.credentialId,
      ...(passkey.transports ? { transports: passkey.transports } : {}),
    })) as never,
    // Bytes: a string would be taken as UTF-8 text and encoded again.
    challenge: new Uint8Array(Buffer.from(challenge, 'base64url')),
    rpID: party.rpId,
    timeout: timeoutMs(options),
    userVerification: 'required',
  })

/**
 * The options for `navigator.credentials.get()` for a second factor, or for a signed-in session
 * confirming itself again (`sudo`): the account's own credentials, over a challenge stored for that
 * account and that purpose (only a browser that proved the password, or a session, gets here).
 */
export const authenticationOptions = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    credentials,
    purpose,
    userId,
  }: {
    credentials: StoredPasskey[]
    purpose: 'secondFactor' | 'sudo'
    userId: number | string
  },
): Promise<PublicKeyCredentialRequestOptionsJSON> => {
  const party = requireRelyingParty(req, options)
  const challenge = await issueChallenge(req.payload, options, { purpose, userId })
  return requestOptions(party, options, challenge, credentials)
}

/**
 * The options for a password-less sign-in, with no credentials listed so the browser offers the
 * discoverable passkeys it holds, and the cookie that carries their challenge (signInChallenge.ts):
 * anyone may ask, so nothing is stored.
 */
export const signInOptions = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
): Promise<{ cookie: string; options: PublicKeyCredentialRequestOptionsJSON }> => {
  const party = requireRelyingParty(req, options)
  const { challenge, cookie } = issueSignInChallenge(req, options)
  return { cookie, options: await requestOptions(party, options, challenge, []) }
}

/** The challenge a response's client data names (base64url), or null when it cannot be read. */
const challengeOf = (clientDataJSON: unknown): null | string => {
  if (typeof clientDataJSON !== 'string' || clientDataJSON.length > 4096) {
    return null
  }
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))
    const challenge = (data as { challenge?: unknown } | null)?.challenge
    return typeof challenge === 'string' && /^[\w-]{1,128}$/.test(challenge) ? challenge : null
  } catch {
    return null
  }
}

/**
 * Takes the response's challenge before anything is verified: a challenge is used up by the first
 * response that names it, verified or not, so no response can be tried twice. A password-less
 * sign-in's challenge comes from the browser's sealed cookie and is recorded as spent; the others
 * are deleted from the store.
 */
const takeResponseChallenge = async (
  req: PayloadRequest,
  response: { response?: { clientDataJSON?: unknown } },
  { purpose, userId }: { purpose: PasskeyPurpose; userId: null | number | string },
): Promise<string> => {
  const challenge = challengeOf(response.response?.clientDataJSON)
  const taken =
    challenge !== null &&
    (purpose === 'signIn'
      ? await redeemSignInChallenge(req, challenge)
      : await takeChallenge(req.payload, { challenge, purpose, userId }))
  if (!taken) {
    throw new BackofficeError('PASSKEY_INVALID', { req })
  }
  return challenge
}

/** A registration response checked against its challenge and the relying party, or PASSKEY_INVALID. */
export const verifyRegistration = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  { response, userId }: { response: RegistrationResponseJSON; userId: number | string },
) => {
  const party = requireRelyingParty(req, options)
  const challenge = await takeResponseChallenge(req, response, {
    purpose: 'registration',
    userId,
  })
  try {
    const verification = await verifyRegistrationResponse({
      expectedChallenge: challenge,
      expectedOrigin: party.origins,
      expectedRPID: party.rpId,
      requireUserVerification: true,
      response,
    })
    if (verification.verified) {
      return verification.registrationInfo
    }
  } catch (error) {
    req.payload.logger.info({
      msg: `payload-backoffice: passkey registration refused: ${String(error)}`,
    })
  }
  throw new BackofficeError('PASSKEY_INVALID', { req })
}

/**
 * An assertion checked against its challenge, the relying party and the stored credential (its
 * public key and counter; the library refuses a counter that did not move forward). Returns the
 * new counter, or throws PASSKEY_INVALID.
 */
export const verifyAssertion = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    passkey,
    purpose,
    response,
    userId,
  }: {
    passkey: StoredPasskey
    purpose: Exclude<PasskeyPurpose, 'registration'>
    response: AuthenticationResponseJSON
    userId: null | number | string
  },
): Promise<{ newCounter: number }> => {
  const party = requireRelyingParty(req, options)
  const challenge = await takeResponseChallenge(req, response, { purpose, userId })
  try {
    const verification = await verifyAuthenticationResponse({
      credential: {
        counter: passkey.counter,
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        ...(passkey.transports ? { transports: passkey.transports as never } : {}),
      },
      expectedChallenge: challenge,
      expectedOrigin: party.origins,
      expectedRPID: party.rpId,
      requireUserVerification: true,
      response,
    })
    if (verification.verified) {
      return { newCounter: verification.authenticationInfo.newCounter }
    }
  } catch (error) {
    req.payload.logger.info({
      msg: `payload-backoffice: passkey assertion refused: ${String(error)}`,
    })
  }
  throw new BackofficeError('PASSKEY_INVALID', { req })
}
