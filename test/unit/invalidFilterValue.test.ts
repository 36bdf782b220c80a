import type { FlattenedField } from 'payload'

import { describe, expect, it } from 'vitest'

import { invalidFilterValue } from '../../src/operations/coreRoutes/invalidFilterValue.js'

const fields = [
  {
    name: 'event',
    type: 'select',
    options: ['login.failed', { label: 'OK', value: 'login.succeeded' }],
  },
  { name: 'timestamp', type: 'date' },
  { name: 'details', type: 'text' },
  { name: 'user', type: 'relationship', relationTo: 'users' },
  {
    name: 'totpConfig',
    type: 'group',
    flattenedFields: [{ name: 'status', type: 'select', options: ['disabled', 'enabled'] }],
  },
] as unknown as FlattenedField[]
const check = (where: unknown) => invalidFilterValue(fields, where, () => 'number', 'audit-log')

describe('a list filter value that its column cannot hold', () => {
  it('finding 10: names the path of an unknown option, a word for a numeric id, or a point query on a date', () => {
    expect(check({ event: { equals: 'x' } })).toBe('event')
    expect(check({ id: { in: 'a,b' } })).toBe('id')
    expect(check({ timestamp: { near: '1,2' } })).toBe('timestamp')
    expect(check({ 'totpConfig.status': { in: "a'b" } })).toBe('totpConfig.status')
    expect(check({ and: [{ details: { like: 'x' } }, { or: [{ user: { equals: 'me' } }] }] })).toBe(
      'user',
    )
    expect(check({ event: { like: 'login' } })).toBe('event')
    expect(check({ timestamp: { greater_than: 'yesterday' } })).toBe('timestamp')
  })

  it('lets values that fit through, and leaves paths it does not know to Payload, except a point query', () => {
    expect(check({ event: { in: 'login.failed,login.succeeded' } })).toBeNull()
    expect(check({ event: { equals: null } })).toBeNull()
    expect(check({ id: { in: ['1', 2] }, user: { equals: 'null' } })).toBeNull()
    expect(check({ timestamp: { greater_than: '2024-03-01T10:00:00Z' } })).toBeNull()
    expect(
      check({ 'totpConfig.status': { not_equals: 'enabled' }, event: { exists: 'x' } }),
    ).toBeNull()
    expect(
      check({ details: { like: 'x' }, 'user.email': { equals: 'a' }, unknown: { near: 1 } }),
    ).toBe('unknown')
    expect(check(undefined)).toBeNull()
  })
})
