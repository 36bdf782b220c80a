import { parse } from 'qs-esm'
import { describe, expect, it } from 'vitest'

import { listQueryString, type QueryValue } from '../../src/shared/lib/listQueryString.js'

describe('listQueryString: the overview links a list view filtered by a where', () => {
  it('reads back, through the qs parsing Payload applies to the admin address, as the same where', () => {
    const where: QueryValue = {
      and: [
        { event: { equals: 'login.failed' } },
        { timestamp: { greater_than_equal: '2026-11-26T00:00:00.000Z' } },
        {
          or: [
            { 'data.factor': { exists: false } },
            { 'data.factor': { not_in: ['sso', 'passkey'] } },
          ],
        },
        { identityProvider: { in: ['local', ''] } },
      ],
    }
    const query = listQueryString(where)
    expect(query).not.toMatch(/[[\] ]/)
    expect(parse(query, { depth: 10 })).toEqual({
      where: {
        and: [
          { event: { equals: 'login.failed' } },
          { timestamp: { greater_than_equal: '2026-11-26T00:00:00.000Z' } },
          {
            or: [
              { 'data.factor': { exists: 'false' } },
              { 'data.factor': { not_in: ['sso', 'passkey'] } },
            ],
          },
          { identityProvider: { in: ['local', ''] } },
        ],
      },
    })
  })

  it('encodes what a value holds, so no value can add a parameter of its own', () => {
    expect(listQueryString({ email: { equals: 'a&b=c@example.com' } })).toBe(
      'where%5Bemail%5D%5Bequals%5D=a%26b%3Dc%40example.com',
    )
  })
})
