import { describe, expect, it } from 'vitest'

import { changedFieldNames } from '../../src/shared/audit/changedFieldNames.js'

describe('changedFieldNames', () => {
  it('names the top-level fields whose values differ, sorted', () => {
    expect(
      changedFieldNames(
        { slug: 'a', tags: ['x'], title: 'Old', views: 1 },
        { slug: 'a', tags: ['x', 'y'], title: 'New', views: 1 },
      ),
    ).toEqual(['tags', 'title'])
  })

  it('compares nested values by content, not identity', () => {
    const layout = [{ blockType: 'text', id: 'b1', text: 'hello' }]
    expect(changedFieldNames({ layout }, { layout: structuredClone(layout) })).toEqual([])
    expect(changedFieldNames({ layout }, { layout: [{ ...layout[0], text: 'bye' }] })).toEqual([
      'layout',
    ])
  })

  it('treats a populated relationship as equal to its id, as hooks see depth 0 before and more after', () => {
    expect(
      changedFieldNames({ heroImage: 7 }, { heroImage: { id: 7, url: '/media/a.png' } }),
    ).toEqual([])
    expect(
      changedFieldNames({ heroImage: 7 }, { heroImage: { id: 8, url: '/media/b.png' } }),
    ).toEqual(['heroImage'])
    expect(
      changedFieldNames(
        { link: { relationTo: 'pages', value: 3 } },
        { link: { relationTo: 'pages', value: { id: 3, title: 'Home' } } },
      ),
    ).toEqual([])
  })

  it('treats null and a missing value alike, and dates by their time', () => {
    expect(changedFieldNames({ summary: null }, { summary: undefined })).toEqual([])
    expect(changedFieldNames({}, { summary: null })).toEqual([])
    expect(
      changedFieldNames(
        { at: '2025-01-01T00:00:00.000Z' },
        { at: new Date('2025-01-01T00:00:00Z') },
      ),
    ).toEqual([])
    expect(changedFieldNames({ summary: 'x' }, { summary: null })).toEqual(['summary'])
  })

  it('leaves out bookkeeping and the credential and session fields of auth collections', () => {
    expect(
      changedFieldNames(
        {
          createdAt: 'a',
          hash: 'h1',
          id: 1,
          lockUntil: null,
          loginAttempts: 0,
          salt: 's1',
          sessions: [],
          updatedAt: 'a',
        },
        {
          createdAt: 'b',
          hash: 'h2',
          id: 2,
          lockUntil: '2030-01-01',
          loginAttempts: 3,
          password: 'new',
          resetPasswordExpiration: 'x',
          resetPasswordToken: 'y',
          salt: 's2',
          sessions: [{ id: 's' }],
          updatedAt: 'b',
        },
      ),
    ).toEqual([])
  })

  it('skips fields absent from the new document: not read is not removed', () => {
    expect(changedFieldNames({ secretNote: 'x', title: 'a' }, { title: 'a' })).toEqual([])
  })

  it('lists every set field of a new document when there is no previous one, and takes extra names to ignore', () => {
    expect(changedFieldNames(undefined, { empty: null, slug: 's', title: 't' })).toEqual([
      'slug',
      'title',
    ])
    expect(changedFieldNames({}, { slug: 's', title: 't' }, { ignore: ['slug'] })).toEqual([
      'title',
    ])
  })
})
