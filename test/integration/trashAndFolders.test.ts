import * as qs from 'qs-esm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

const password = 'a-long-and-unusual-passphrase-42'
let app: TestPayload
let editor: RestClient

beforeAll(async () => {
  app = await startTestPayload()
  expect(
    (await app.client().post('/users/first-register', { email: 'admin@example.com', password }))
      .status,
  ).toBe(200)
  editor = app.client()
  expect((await editor.post('/users/login', { email: 'admin@example.com', password })).status).toBe(
    200,
  )
})
afterAll(async () => {
  await app?.close()
})

const patch = (path: string, body: unknown) => editor.request('PATCH', path, { body })
const query = (params: Record<string, unknown>) => qs.stringify(params, { addQueryPrefix: true })

/** The newest version of a page, every locale, as the edit view shows it. */
const newest = async (id: number | string) =>
  (await editor.get(`/pages/${id}?draft=true&locale=all&depth=0&trash=true`)).body
/** What a visitor reads: the published page, or nothing. */
const published = async (id: number | string) =>
  (
    await app.payload.find({
      collection: 'pages',
      depth: 0,
      locale: 'all',
      overrideAccess: false,
      where: { id: { equals: id } },
    })
  ).docs[0]

/** A page that was only ever saved as drafts: an English draft, a German one, then a newer English one. */
const draftOnlyPage = async (slug: string) => {
  const created = await editor.post('/pages?draft=true&locale=en', { slug, title: `${slug} 1` })
  expect(created.status).toBe(201)
  const id = created.body.doc.id
  expect(
    (await patch(`/pages/${id}?draft=true&autosave=true&locale=de`, { title: `${slug} de` }))
      .status,
  ).toBe(200)
  expect((await patch(`/pages/${id}?draft=true&locale=en`, { title: `${slug} 2` })).status).toBe(
    200,
  )
  return id
}

/** A published page with a newer, unpublished draft. */
const publishedWithDraft = async (slug: string) => {
  const created = await editor.post('/pages?locale=en', {
    _status: 'published',
    slug,
    title: `${slug} live`,
  })
  expect(created.status).toBe(201)
  const id = created.body.doc.id
  expect(
    (await patch(`/pages/${id}?draft=true&autosave=true&locale=en`, { title: `${slug} draft` }))
      .status,
  ).toBe(200)
  return id
}

/** The document ids the folder view lists in a folder (Payload's join, as the view queries it). */
const inFolder = async (folderId: number | string) => {
  const { docs } = await app.payload.find({
    collection: 'payload-folders',
    draft: true,
    joins: { documentsAndFolders: { where: { deletedAt: { exists: false } } } },
    where: { id: { equals: folderId } },
  })
  return ((docs[0] as Json)?.documentsAndFolders?.docs ?? []).map(
    (entry: Json) => entry.value?.id ?? entry.value,
  )
}

const newFolder = async (name: string) => {
  const created = await editor.post('/payload-folders', { folderType: ['pages'], name })
  expect(created.status).toBe(201)
  return created.body.doc.id
}

describe('moving drafts between folders', () => {
  it("the folder view's move keeps every edit of a draft-only page, in every locale", async () => {
    const folder = await newFolder('Drafts')
    const id = await draftOnlyPage('bulk-moved')
    // What Payload's folder view sends when documents are dropped on a folder.
    const moved = await patch(
      `/pages${query({ depth: 0, limit: 0, locale: 'en', where: { id: { in: [id] } } })}`,
      { folder },
    )
    expect(moved.status).toBe(200)

    expect(await newest(id)).toMatchObject({
      folder,
      title: { de: 'bulk-moved de', en: 'bulk-moved 2' },
    })
    expect(await inFolder(folder)).toEqual([id])
  })

  it("the list's folder cell moves a published page without unpublishing it or dropping its draft", async () => {
    const folder = await newFolder('Live')
    const id = await publishedWithDraft('cell-moved')
    // What the list's folder column sends.
    expect((await patch(`/pages/${id}`, { folder })).status).toBe(200)

    expect(await published(id)).toMatchObject({
      _status: 'published',
      title: { en: 'cell-moved live' },
    })
    expect(await newest(id)).toMatchObject({
      _status: 'draft',
      folder,
      title: { en: 'cell-moved draft' },
    })
    expect(await inFolder(folder)).toEqual([id])
  })

  it("the folder view's move of a published page keeps its newer draft", async () => {
    const folder = await newFolder('Mixed')
    const id = await publishedWithDraft('bulk-published')
    await patch(
      `/pages${query({ depth: 0, limit: 0, locale: 'en', where: { id: { in: [id] } } })}`,
      { folder },
    )

    expect(await published(id)).toMatchObject({ title: { en: 'bulk-published live' } })
    expect(await newest(id)).toMatchObject({ folder, title: { en: 'bulk-published draft' } })
  })

  it('a draft moved in the edit view (autosave) shows in its folder before it is published', async () => {
    const folder = await newFolder('Autosaved')
    const id = await draftOnlyPage('autosave-moved')
    expect(
      (await patch(`/pages/${id}?draft=true&autosave=true&locale=en`, { folder })).status,
    ).toBe(200)

    expect(await inFolder(folder)).toEqual([id])
    // Only the folder reached the main table: the page is still unpublished, its draft intact.
    expect(await published(id)).toBeUndefined()
    expect(await newest(id)).toMatchObject({
      _status: 'draft',
      title: { de: 'autosave-moved de', en: 'autosave-moved 2' },
    })
  })

  it('a published page without a pending draft moves as before, still published', async () => {
    const folder = await newFolder('Plain')
    const created = await editor.post('/pages', {
      _status: 'published',
      slug: 'plain-moved',
      title: 'Plain',
    })
    const id = created.body.doc.id
    await patch(`/pages${query({ depth: 0, limit: 0, where: { id: { in: [id] } } })}`, { folder })

    expect(await published(id)).toMatchObject({ _status: 'published', folder })
    expect((await newest(id))._status).toBe('published')
  })
})

describe('trash with folders and localised drafts', () => {
  it('trashing and restoring a localised draft keeps every locale and its folder (payloadcms/payload#15980, #14198)', async () => {
    const folder = await newFolder('Trash round trip')
    const id = await draftOnlyPage('round-trip')
    await patch(`/pages/${id}?draft=true&autosave=true&locale=en`, { folder })

    // The list's bulk trash, then the trash view's restore (as a draft), as the admin sends them.
    const trashed = await patch(
      `/pages${query({ limit: 0, locale: 'en', select: {}, where: { and: [{ id: { in: [id] } }] } })}`,
      {
        deletedAt: new Date().toISOString(),
      },
    )
    expect(trashed.status).toBe(200)
    expect(await newest(id)).toMatchObject({ title: { de: 'round-trip de', en: 'round-trip 2' } })
    expect(await inFolder(folder)).toEqual([])

    const restoreWhere = { and: [{ id: { equals: id } }, { deletedAt: { exists: true } }] }
    const restored = await patch(`/pages${query({ trash: true, where: restoreWhere })}`, {
      _status: 'draft',
      deletedAt: null,
    })
    expect(restored.status).toBe(200)
    expect(await newest(id)).toMatchObject({
      deletedAt: null,
      folder,
      title: { de: 'round-trip de', en: 'round-trip 2' },
    })
    expect(await inFolder(folder)).toEqual([id])
  })

  it('refuses a permanent delete outside the trash, as the folder view sends it (payloadcms/payload#16327)', async () => {
    const id = await draftOnlyPage('folder-deleted')
    const response = await editor.request(
      'DELETE',
      `/pages${query({ limit: 0, where: { id: { in: [id] } } })}`,
    )
    expect(response.status).toBe(400)
    expect(response.body.errors[0]).toMatchObject({
      id,
      message: expect.stringContaining('Move it to the trash first'),
    })
    expect((await newest(id)).id).toBe(id)

    const byId = await editor.request('DELETE', `/pages/${id}`)
    expect(byId.status).toBe(409)
    expect(byId.body.errors[0].data).toMatchObject({ code: 'DELETE_ONLY_FROM_TRASH' })
  })

  it('deletes for good from the trash', async () => {
    const id = await draftOnlyPage('deleted-for-good')
    await patch(`/pages/${id}`, { deletedAt: new Date().toISOString() })
    const response = await editor.request('DELETE', `/pages/${id}?trash=true`)
    expect(response.status).toBe(200)
    expect(
      await app.payload.count({ collection: 'pages', trash: true, where: { id: { equals: id } } }),
    ).toEqual({ totalDocs: 0 })
  })
})
