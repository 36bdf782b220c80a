import { describe, expect, it } from 'vitest'

import { folderIdOf } from '../../src/content/trashAndFolders/folderIdOf.js'
import { isFolderMove } from '../../src/content/trashAndFolders/isFolderMove.js'

describe('isFolderMove', () => {
  it('is an update that sets only the folder field, to a folder or to none', () => {
    expect(isFolderMove({ folder: 4 }, 'folder')).toBe(true)
    expect(isFolderMove({ folder: null }, 'folder')).toBe(true)
    expect(isFolderMove({ parent: 'abc' }, 'parent')).toBe(true)
  })

  it('is not an update that changes anything else too, or a body of another shape', () => {
    expect(isFolderMove({ folder: 4, title: 'New' }, 'folder')).toBe(false)
    expect(isFolderMove({ title: 'New' }, 'folder')).toBe(false)
    expect(isFolderMove({}, 'folder')).toBe(false)
    expect(isFolderMove({ folder: 4 }, 'parent')).toBe(false)
    expect(isFolderMove(null, 'folder')).toBe(false)
    expect(isFolderMove(['folder'], 'folder')).toBe(false)
    expect(isFolderMove('folder', 'folder')).toBe(false)
  })
})

describe('folderIdOf', () => {
  it('reads the id of a stored or populated folder relation', () => {
    expect(folderIdOf(7)).toBe(7)
    expect(folderIdOf('66a1')).toBe('66a1')
    expect(folderIdOf({ id: 7, name: 'Box' })).toBe(7)
  })

  it('is null without a folder', () => {
    expect(folderIdOf(null)).toBeNull()
    expect(folderIdOf(undefined)).toBeNull()
    expect(folderIdOf({ name: 'Box' })).toBeNull()
    expect(folderIdOf({ id: { nested: true } })).toBeNull()
  })
})
