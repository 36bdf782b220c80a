import { describe, expect, it } from 'vitest'

import { sanitizeOptions } from '../../src/shared/options/sanitize.js'
import { clientLimitKey, getClientInfo } from '../../src/shared/request/clientInfo.js'

describe('audit options', () => {
  it('default to no content collections, log lines on, one year of retention and the audit-log slug', () => {
    expect(sanitizeOptions().audit).toEqual({
      collections: [],
      log: true,
      retentionDays: 365,
      slug: 'audit-log',
    })
  })

  it('keep what the integrator set, filling the rest', () => {
    expect(
      sanitizeOptions({ audit: { collections: ['pages'], log: false, retentionDays: 730 } }).audit,
    ).toEqual({
      collections: ['pages'],
      log: false,
      retentionDays: 730,
      slug: 'audit-log',
    })
  })

  it('reject, at config time, retention that is not a whole number of days above 0', () => {
    expect(() => sanitizeOptions({ audit: { retentionDays: 0 } })).toThrow(/audit.retentionDays/)
    expect(() => sanitizeOptions({ audit: { retentionDays: 1.5 } })).toThrow(/audit.retentionDays/)
  })

  it('reject a slug that is not a collection slug, and collections that are not a list of slugs', () => {
    expect(() => sanitizeOptions({ audit: { slug: 'Audit Log' } })).toThrow(/audit.slug/)
    expect(() => sanitizeOptions({ audit: { collections: 'pages' as never } })).toThrow(
      /audit.collections/,
    )
    expect(() => sanitizeOptions({ audit: { collections: [''] as never } })).toThrow(
      /audit.collections/,
    )
  })

  it('refuse to log the audit log itself or the users collection as content', () => {
    expect(() => sanitizeOptions({ audit: { collections: ['audit-log'] as never } })).toThrow(
      /"audit-log"/,
    )
    expect(() => sanitizeOptions({ audit: { collections: ['users'] } })).toThrow(/"users"/)
  })
})

describe('getClientInfo', () => {
  const request = (headers: Record<string, string>) => ({ headers: new Headers(headers) })

  it('records the nearest peer and ignores the client-claimed address without a trusted proxy', () => {
    const info = getClientInfo(
      request({ 'user-agent': 'UA', 'x-forwarded-for': '203.0.113.9, 10.0.0.1' }),
      {
        trustProxy: false,
      },
    )
    expect(info).toEqual({ clientIp: null, ipAddress: '10.0.0.1', userAgent: 'UA' })
  })

  it('finding 7: behind a trusted proxy that appends to X-Forwarded-For, records the address it saw, not the one the client claimed', () => {
    const info = getClientInfo(request({ 'x-forwarded-for': '192.0.2.77, 10.0.0.1' }), {
      trustProxy: true,
    })
    expect(info.clientIp).toBe('10.0.0.1')
    expect(info.ipAddress).toBe('10.0.0.1')
  })

  it('finding 8: an X-Forwarded-For that names no address records none and counts in one shared bucket', () => {
    for (const header of ['', ' ', ',', ' , ', 'unknown', '192.0.2.77, not-an-address']) {
      const headers = request({ 'x-forwarded-for': header, 'x-real-ip': '198.51.100.4' })
      expect(getClientInfo(headers, { trustProxy: true })).toMatchObject({
        clientIp: null,
        ipAddress: null,
      })
      expect(clientLimitKey(headers)).toBe('no-address')
    }
    expect(clientLimitKey(request({ 'x-forwarded-for': '192.0.2.77, 10.0.0.1' }))).toBe('10.0.0.1')
  })

  it('reads an address with the port some proxies add', () => {
    const address = (header: string) =>
      getClientInfo(request({ 'x-forwarded-for': header }), { trustProxy: true }).ipAddress
    expect(address('192.0.2.1:5123')).toBe('192.0.2.1')
    expect(address('[2001:db8::1]:5123')).toBe('2001:db8::1')
    expect(address('2001:db8::1')).toBe('2001:db8::1')
    expect(address('::ffff:127.0.0.1')).toBe('::ffff:127.0.0.1')
  })

  it('falls back to X-Real-IP and leaves absent values empty', () => {
    expect(getClientInfo(request({ 'x-real-ip': '198.51.100.4' }), { trustProxy: false })).toEqual({
      clientIp: null,
      ipAddress: '198.51.100.4',
      userAgent: null,
    })
  })
})
