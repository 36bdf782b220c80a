import type { CollectionConfig, Field, FieldAccess } from 'payload'

import { describe, expect, it } from 'vitest'

import { withApiKeyFieldAccess } from '../../src/policies/apiKeys/fieldAccess.js'
import { sanitizeOptions } from '../../src/shared/options/sanitize.js'

const admin = { collection: 'users', id: 1, roles: ['admin'] }
const editor = { collection: 'users', id: 2, roles: ['editor'] }
const adminOfAnotherCollection = { collection: 'customers', id: 3, roles: ['admin'] }

const users = (fields: Field[] = []): CollectionConfig => ({
  slug: 'users',
  auth: { useAPIKey: true },
  fields: [
    { name: 'roles', type: 'select', hasMany: true, options: ['admin', 'editor'] },
    ...fields,
  ],
})

const accessOf = (collection: CollectionConfig, name: string) => {
  const field = collection.fields.find(
    (candidate) => 'name' in candidate && candidate.name === name,
  )
  return (field as { access?: { create?: FieldAccess; update?: FieldAccess } } | undefined)?.access
}

/** What the field's create and update rules answer for a request by `user`. */
const mayWrite = async (collection: CollectionConfig, name: string, user: unknown) => {
  const access = accessOf(collection, name)
  const args = { req: { user } } as unknown as Parameters<FieldAccess>[0]
  return [await access?.create?.(args), await access?.update?.(args)]
}

describe('who may write an API key through the API', () => {
  it('nobody while the apiKeys option is off, administrators included', async () => {
    const collection = withApiKeyFieldAccess(users(), sanitizeOptions())
    for (const name of ['enableAPIKey', 'apiKey']) {
      expect(await mayWrite(collection, name, admin), name).toEqual([false, false])
      expect(await mayWrite(collection, name, editor), name).toEqual([false, false])
    }
  })

  it('only administrators of the users collection once it is on', async () => {
    const collection = withApiKeyFieldAccess(
      users(),
      sanitizeOptions({ apiKeys: { enabled: true } }),
    )
    for (const name of ['enableAPIKey', 'apiKey']) {
      expect(await mayWrite(collection, name, admin), name).toEqual([true, true])
      expect(await mayWrite(collection, name, editor), name).toEqual([false, false])
      expect(await mayWrite(collection, name, null), name).toEqual([false, false])
      expect(await mayWrite(collection, name, adminOfAnotherCollection), name).toEqual([
        false,
        false,
      ])
    }
  })

  it("keeps the app's own key field, and its rule must allow too", async () => {
    const own: Field = {
      name: 'apiKey',
      type: 'text',
      access: { create: () => true, read: () => false, update: () => false },
      admin: { description: 'For the nightly import only' },
    }
    const collection = withApiKeyFieldAccess(
      users([own]),
      sanitizeOptions({ apiKeys: { enabled: true } }),
    )
    const keyFields = collection.fields.filter(
      (field) => 'name' in field && field.name === 'apiKey',
    )
    expect(keyFields).toHaveLength(1)
    expect(keyFields[0]).toMatchObject({ admin: { description: 'For the nightly import only' } })
    expect(accessOf(collection, 'apiKey')).toHaveProperty('read', own.access!.read)
    expect(await mayWrite(collection, 'apiKey', admin)).toEqual([true, false])
  })
})
