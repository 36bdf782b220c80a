import type { PayloadRequest } from 'payload'

export type ClientInfo = {
  /** The address the client claims through X-Forwarded-For (left-most entry), when a proxy is trusted. */
  clientIp: null | string
  /** The address of the peer as the app sees it: the right-most X-Forwarded-For entry. */
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
 * Who is on the other end of a request. Next.js gives route handlers no socket: it puts the
 * connection's address into X-Forwarded-For when the request has none, and keeps the header as it
 * came otherwise. So the right-most entry is the nearest peer, and the left-most is the original
 * client only when a proxy we trust (`trustProxy`) wrote the header; without one, a client could
 * claim any address there.
 */
export const getClientInfo = (
  req: Pick<PayloadRequest, 'headers'>,
  { trustProxy }: { trustProxy: boolean },
): ClientInfo => {
  const forwarded = (req.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return {
    clientIp: trustProxy ? clean(forwarded[0]) : null,
    ipAddress: clean(forwarded[forwarded.length - 1] ?? req.headers.get('x-real-ip')),
    userAgent: clean(req.headers.get('user-agent')),
  }
}
