import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

/**
 * One way into an account that was added to it at a known time: a passkey, an authenticator app,
 * recovery codes, a linked single sign-on identity, a new email address. A thief who held the
 * password for a while may have added any of them to keep a way back in.
 */
export type SignInAddition = {
  addedAt: string
  kind: 'authenticatorApp' | 'emailAddress' | 'linkedIdentity' | 'passkey' | 'recoveryCodes'
  /** What a person recognises it by: the passkey's name, the provider, the address. */
  name: string
}

/**
 * What one capability can tell and undo of the ways into an account it stores. Each capability that
 * stores one (two-factor, single sign-on, email changes) registers a source, so the recovery paths
 * here reach them without importing them: the folders depend on suspension, never the reverse.
 */
export type SignInAdditionSource = {
  /** What it holds for the account that was added at or after `since`. */
  addedSince: (
    req: PayloadRequest,
    options: SanitizedBackofficeOptions,
    userId: number | string,
    since: Date,
  ) => Promise<SignInAddition[]>
  /**
   * Forgets what lets a browser skip a factor (trusted devices), at every eviction: forgetting only
   * ever asks for more proof, so a mailbox may do it.
   */
  forgetAtEviction?: (req: PayloadRequest, userId: number | string) => Promise<unknown>
  /** Removes what `addedSince` lists: an administrator's decision (see recoveryReviewEndpoint.ts). */
  removeSince: (
    req: PayloadRequest,
    options: SanitizedBackofficeOptions,
    userId: number | string,
    since: Date,
  ) => Promise<unknown>
}

/** Per plugin instance (the sanitized options object), so two apps in one process stay apart. */
const sourcesByOptions = new WeakMap<SanitizedBackofficeOptions, SignInAdditionSource[]>()

/** Registers a capability's source; called while the config is built. */
export const addSignInAdditionSource = (
  options: SanitizedBackofficeOptions,
  source: SignInAdditionSource,
): void => {
  const sources = sourcesByOptions.get(options) ?? []
  sources.push(source)
  sourcesByOptions.set(options, sources)
}

export const signInAdditionSources = (
  options: SanitizedBackofficeOptions,
): readonly SignInAdditionSource[] => sourcesByOptions.get(options) ?? []

/** Everything added to the account at or after `since`, oldest first. */
export const signInAdditionsSince = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  since: Date,
): Promise<SignInAddition[]> => {
  const found: SignInAddition[] = []
  // One after the other: they share the request's transaction, and its connection.
  for (const source of signInAdditionSources(options)) {
    found.push(...(await source.addedSince(req, options, userId, since)))
  }
  return found.sort((a, b) => a.addedAt.localeCompare(b.addedAt))
}
