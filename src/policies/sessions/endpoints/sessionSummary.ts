import type { SessionDocument } from '../constants.js'

/** A session as the account page shows it; without the sid, which the page has no use for. */
export type SessionSummary = {
  authenticationLevel: null | string
  browser: null | string
  clientIp: null | string
  createdAt: string
  /** The session of the request that asked: ending it signs the asker out. */
  current: boolean
  deviceType: null | string
  expiresAt: string
  id: number | string
  ipAddress: null | string
  lastSeenAt: null | string
  os: null | string
  userAgent: null | string
}

export const toSessionSummary = (
  doc: SessionDocument,
  currentSid: string | undefined,
): SessionSummary => ({
  authenticationLevel: doc.authenticationLevel ?? null,
  browser: doc.browser ?? null,
  clientIp: doc.clientIp ?? null,
  createdAt: doc.createdAt,
  current: currentSid !== undefined && doc.sid === currentSid,
  deviceType: doc.deviceType ?? null,
  expiresAt: doc.expiresAt,
  id: doc.id,
  ipAddress: doc.ipAddress ?? null,
  lastSeenAt: doc.lastSeenAt ?? null,
  os: doc.os ?? null,
  userAgent: doc.userAgent ?? null,
})

/** The id of a relationship value, whether populated or not. */
export const relationId = (value: unknown): null | number | string => {
  if (typeof value === 'number' || typeof value === 'string') {
    return value
  }
  if (value && typeof value === 'object' && 'id' in value) {
    const { id } = value as { id: unknown }
    return typeof id === 'number' || typeof id === 'string' ? id : null
  }
  return null
}
