import type { FlattenedField } from 'payload'

import { describe, expect, it } from 'vitest'

import { withAdministratorRole } from '../../src/shared/roles/withAdministratorRole.js'

const many = {
  name: 'roles',
  type: 'select',
  hasMany: true,
  options: [],
} as unknown as FlattenedField
const single = {
  name: 'role',
  type: 'select',
  hasMany: false,
  options: [],
} as unknown as FlattenedField

describe('the administrator value added to a roles value', () => {
  it('appends it once to the roles an account already holds', () => {
    expect(withAdministratorRole(['editor'], many, 'admin')).toEqual(['editor', 'admin'])
    expect(withAdministratorRole(['admin', 'editor'], many, 'admin')).toEqual(['admin', 'editor'])
    expect(withAdministratorRole(null, many, 'admin')).toEqual(['admin'])
    expect(withAdministratorRole(undefined, undefined, 'admin')).toEqual(['admin'])
  })

  it('replaces the value of a single-valued select', () => {
    expect(withAdministratorRole('editor', single, 'admin')).toBe('admin')
  })
})
