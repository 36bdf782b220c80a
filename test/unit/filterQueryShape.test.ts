import type { Where } from 'payload'

import { transformWhereQuery, validateWhereQuery, validOperators } from 'payload/shared'
import { describe, expect, it } from 'vitest'

/**
 * The filter-query shape the content lists build,
 * checked against the validator Payload's own list filters use (`validateWhereQuery` from
 * payload/shared, called by the WhereBuilder and ListControls of @payloadcms/ui).
 */
const specOperators = [
  'equals',
  'contains',
  'not_equals',
  'in',
  'all',
  'not_in',
  'exists',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'like',
  'not_like',
  'within',
  'intersects',
  'near',
]

/** Filter queries arrive from the address bar: anything may come, so the validator is given any value. */
const isValidShape = (query: unknown) => validateWhereQuery(query as Where)

const condition = (operator: string, value: unknown = 'x') => ({ title: { [operator]: value } })

describe("the filter-query shape, by Payload's validator", () => {
  it('allows exactly the sixteen expected operators, in their order', () => {
    expect([...validOperators]).toEqual(specOperators)
  })

  it("an empty 'or' is valid", () => {
    expect(isValidShape({ or: [] })).toBe(true)
  })

  it("'or' is a list of groups, each with an 'and' list of conditions", () => {
    expect(isValidShape({ or: [{ and: [condition('like', 'hello')] }] })).toBe(true)
    expect(
      isValidShape({
        or: [
          { and: [condition('equals'), { slug: { not_equals: 'home' } }] },
          { and: [{ _status: { equals: 'draft' } }] },
        ],
      }),
    ).toBe(true)
  })

  it.each(specOperators)('accepts a condition with the operator %s', (operator) => {
    expect(isValidShape({ or: [{ and: [condition(operator)] }] })).toBe(true)
  })

  it('refuses an operator outside the list', () => {
    expect(isValidShape({ or: [{ and: [condition('starts_with')] }] })).toBe(false)
    expect(isValidShape({ or: [{ and: [condition('$where')] }] })).toBe(false)
  })

  it("the first group must have a non-empty 'and'", () => {
    expect(isValidShape({ or: [{ and: [] }] })).toBe(false)
    expect(isValidShape({ or: [{}] })).toBe(false)
    expect(isValidShape({ or: [{ or: [condition('equals')] }] })).toBe(false)
  })

  it('every condition must be a non-empty object with an operator', () => {
    expect(isValidShape({ or: [{ and: [{}] }] })).toBe(false)
    expect(isValidShape({ or: [{ and: [{ title: {} }] }] })).toBe(false)
    expect(isValidShape({ or: [{ and: ['title'] }] })).toBe(false)
    // The same in a later group.
    expect(isValidShape({ or: [{ and: [condition('equals')] }, { and: [{}] }] })).toBe(false)
  })

  it("a query without the 'or' and 'and' lists is not in the shape, and Payload's transform hoists it", () => {
    const plain = { title: { equals: 'About us' } }
    expect(isValidShape(plain)).toBe(false)
    expect(isValidShape({ and: [plain] })).toBe(false)
    expect(isValidShape(undefined)).toBe(false)
    const hoisted = transformWhereQuery(plain)
    expect(hoisted).toEqual({ or: [{ and: [plain] }] })
    expect(isValidShape(hoisted)).toBe(true)
  })
})
