'use client'

import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'

import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser'

/** What asking the browser for a passkey came to: its response, or why there is none. */
export type PasskeyPrompt<T> =
  | { ok: false; reason: 'alreadyRegistered' | 'cancelled' | 'unsupported' }
  | { ok: true; response: T }

const passkeysSupported = (): boolean => browserSupportsWebAuthn()

/**
 * The browser's refusals, as @simplewebauthn/browser names them: an authenticator that already holds
 * a passkey of this account (it was in `excludeCredentials`, WebAuthn §5.1.3); anything else, a
 * cancelled or timed-out prompt above all (`NotAllowedError`, which WebAuthn deliberately does not
 * tell apart), is a cancellation: nothing was changed.
 */
const refusal = (error: unknown): 'alreadyRegistered' | 'cancelled' =>
  error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
    ? 'alreadyRegistered'
    : 'cancelled'

/** `navigator.credentials.create()` with the server's options. */
export const createPasskey = async (
  optionsJSON: PublicKeyCredentialCreationOptionsJSON,
): Promise<PasskeyPrompt<RegistrationResponseJSON>> => {
  if (!passkeysSupported()) {
    return { ok: false, reason: 'unsupported' }
  }
  try {
    return { ok: true, response: await startRegistration({ optionsJSON }) }
  } catch (error) {
    return { ok: false, reason: refusal(error) }
  }
}

/** `navigator.credentials.get()` with the server's options. */
export const getPasskey = async (
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<PasskeyPrompt<AuthenticationResponseJSON>> => {
  if (!passkeysSupported()) {
    return { ok: false, reason: 'unsupported' }
  }
  try {
    return { ok: true, response: await startAuthentication({ optionsJSON }) }
  } catch (error) {
    return { ok: false, reason: refusal(error) }
  }
}
