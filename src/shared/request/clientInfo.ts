import type { PayloadRequest } from 'payload'

import { isIP } from 'node:net'

export type ClientInfo = {
  /**
   * With `trustProxy`: the client's address as the trusted proxy saw it, the right-most
   * X-Forwarded-For entry (the one it appended). Null without a trusted proxy.
   */
  clientIp: null | string
  /**
   * The right-most X-Forwarded-For entry: what the trusted proxy appended behind one; without one,
   * the connection's address Next.js wrote, or whatever the client sent. Null when that entry is
   * no IP address.
   */
  ipAddress: null | string
  userAgent: null | string
}

/** Longest value kept from a header, so a hostile client cannot bloat what is stored. */
const MAX_HEADER_VALUE = 512

const clean = (value: null | string | undefined): null | string => {
  const trimmed = value?.trim()
  return trimmed ? trimmed.slice(0, MAX_HEADER_VALUE) : null
}

/**
 * An X-Forwarded-For entry as an IP address, or null. Some proxies add the client's port
 * (`192.0.2.1:5123`, `[2001:db8::1]:5123`); anything else that is no address (`unknown`, a
 * client's free text) names nobody.
 */
const addressIn = (entry: string | undefined): null | string => {
  if (!entry) {
    return null
  }
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry)
  const withoutPort = bracketed?.[1] ?? entry.replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, '$1')
  return isIP(withoutPort) ? withoutPort : null
}

/**
 * Who is on the other end of a request. Next.js gives route handlers no socket: it puts the
 * connection's address into X-Forwarded-For when the request has none, and keeps the header as it
 * came otherwise. A proxy such as HAProxy with `option forwardfor` appends the address it saw to
 * the header the client sent, so only the right-most entry is the proxy's view; every entry left
 * of it is whatever the client wrote (MDN's X-Forwarded-For page, "Selecting an IP address": for
 * anything security-related, count from the right past your own proxies; OWASP ASVS 5.0 16.2.1
 * wants the real address logged). So every address recorded or shown is the right-most one, the
 * same one the per-client sign-in limit counts.
 */
export const getClientInfo = (
  req: Pick<PayloadRequest, 'headers'>,
  { trustProxy }: { trustProxy: boolean },
): ClientInfo => {
  const header = req.headers.get('x-forwarded-for')
  const forwarded = (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  // X-Real-IP only when there is no X-Forwarded-For at all: a blank one must not let a client
  // name its address in another header instead.
  const ipAddress =
    header === null
      ? addressIn(clean(req.headers.get('x-real-ip')) ?? undefined)
      : addressIn(forwarded[forwarded.length - 1])
  return {
    clientIp: trustProxy ? ipAddress : null,
    ipAddress,
    userAgent: clean(req.headers.get('user-agent')),
  }
}

/**
 * The key the per-client sign-in limit counts a request under, with `trustProxy`. A request whose
 * X-Forwarded-For names no address (empty, blank, `unknown`) shares one bucket with every other
 * such request rather than escaping the limit: behind a proxy that writes the header this never
 * happens, and without one, it is a client sending it itself.
 */
export const clientLimitKey = (req: Pick<PayloadRequest, 'headers'>): string =>
  getClientInfo(req, { trustProxy: true }).ipAddress ?? 'no-address'
