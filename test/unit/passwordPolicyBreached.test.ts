import type { PayloadRequest } from 'payload'

import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { breachCountInRange } from '../../src/policies/passwordPolicy/breached/breachCountInRange.js'
import { checkBreachedPassword } from '../../src/policies/passwordPolicy/breached/checkBreachedPassword.js'
import {
  type BreachedRangeServer,
  passwordSha1,
  startBreachedRangeServer,
} from '../helpers/breachedRangeServer.js'

describe('reading a range answer', () => {
  const suffix = passwordSha1('P@ssw0rd').slice(5)
  const answer = [
    `0018A45C4D1DEF81644B54AB7F969B88D65:1`,
    `${suffix}:52256`,
    `00D4F6E8FA6EECAD2A3AA415EEC418D38EC:2`,
  ].join('\r\n')

  it('finds the suffix and its count', () => {
    expect(breachCountInRange(answer, suffix)).toBe(52256)
  })

  it('matches suffixes whatever their case', () => {
    expect(breachCountInRange(answer.toLowerCase(), suffix)).toBe(52256)
  })

  it('answers 0 when the suffix is absent', () => {
    expect(breachCountInRange(answer, passwordSha1('something else entirely').slice(5))).toBe(0)
  })

  it('ignores padding lines, whose count is 0', () => {
    expect(breachCountInRange(`${suffix}:0\r\nFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF:3`, suffix)).toBe(
      0,
    )
  })

  it('ignores lines it cannot read', () => {
    expect(breachCountInRange(`garbage\n${suffix}:many\n\n:`, suffix)).toBe(0)
  })
})

describe('asking a real range server (127.0.0.1)', () => {
  let server: BreachedRangeServer
  const warnings: string[] = []
  const req = {
    payload: { logger: { warn: (message: string) => warnings.push(message) } },
  } as unknown as PayloadRequest
  // Generous, so a busy machine does not fail the normal answers; the hung-service case sets its own.
  const settings = (timeoutMs = 10_000) => ({ enabled: true, rangeUrl: server.rangeUrl, timeoutMs })

  beforeAll(async () => {
    server = await startBreachedRangeServer(['P@ssw0rd', 'correct horse battery staple'])
  })
  afterAll(async () => {
    await server.close()
  })

  it('reports a known password as breached, sending only the first five hex digits of its SHA-1, with padding asked', async () => {
    server.requests.length = 0
    expect(await checkBreachedPassword(req, 'correct horse battery staple', settings())).toBe(
      'breached',
    )
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0]!.path).toBe(
      `/range/${passwordSha1('correct horse battery staple').slice(0, 5)}`,
    )
    expect(server.requests[0]!.headers['add-padding']).toBe('true')
  })

  it('reports an unknown password as not found', async () => {
    expect(await checkBreachedPassword(req, 'a-long-and-unusual-passphrase-42', settings())).toBe(
      'notFound',
    )
  })

  it('gives up after the timeout and logs a warning (fail open)', async () => {
    server.mode = 'hang'
    warnings.length = 0
    const started = Date.now()
    expect(await checkBreachedPassword(req, 'P@ssw0rd', settings(300))).toBe('unavailable')
    expect(Date.now() - started).toBeLessThan(5000)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).not.toContain('P@ssw0rd')
    server.mode = 'normal'
  })

  it('treats an error answer as unavailable', async () => {
    server.mode = 'down'
    expect(await checkBreachedPassword(req, 'P@ssw0rd', settings())).toBe('unavailable')
    server.mode = 'normal'
  })

  it('treats a refused connection as unavailable', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const port = (probe.address() as { port: number }).port
    await new Promise<void>((resolve) => probe.close(() => resolve()))
    expect(
      await checkBreachedPassword(req, 'P@ssw0rd', {
        ...settings(),
        rangeUrl: `http://127.0.0.1:${port}/range/`,
      }),
    ).toBe('unavailable')
  })
})
