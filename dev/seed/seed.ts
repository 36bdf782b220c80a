import type { Payload } from 'payload'

import { randomBytes } from 'node:crypto'

import { drawLandscape, palettes } from './images.js'
import { heading, link, list, paragraph, quote, text, upload } from './richText.js'

export type SeedAccount = { email: string; password: string; role: 'admin' | 'editor' }

/** Random, strong passwords: the sandbox's `next dev` also listens on the local network. */
const newPassword = () => randomBytes(12).toString('base64url')

const upsertAccount = async (payload: Payload, email: string, role: SeedAccount['role']) => {
  const password = newPassword()
  const { docs } = await payload.find({
    collection: 'users',
    limit: 1,
    where: { email: { equals: email } },
  })
  const data = { name: role === 'admin' ? 'Ada Admin' : 'Eddie Editor', password, roles: [role] }
  if (docs[0]) {
    await payload.update({ collection: 'users', data, id: docs[0].id })
  } else {
    await payload.create({ collection: 'users', data: { ...data, email } })
  }
  return { email, password, role }
}

/** One picture per palette, by palette name; pictures seeded before are reused. */
const seedMedia = async (
  payload: Payload,
): Promise<Record<keyof typeof palettes, number | string>> => {
  const ids: Record<string, number | string> = {}
  for (const [name, palette] of Object.entries(palettes)) {
    const filename = `seed-${name}.png`
    const { docs } = await payload.find({
      collection: 'media',
      limit: 1,
      where: { filename: { equals: filename } },
    })
    if (docs[0]) {
      ids[name] = docs[0].id
      continue
    }
    const data = await drawLandscape(palette)
    const media = await payload.create({
      collection: 'media',
      // The focal point sits on the sun, so crops keep it in view.
      data: { alt: `A ${name} landscape with a sun over hills`, focalX: 30, focalY: 35 },
      file: { data, mimetype: 'image/png', name: filename, size: data.length },
    })
    ids[name] = media.id
  }
  return ids as Record<keyof typeof palettes, number | string>
}

/** The teams staff pick from on their profile (and on the invitation page). */
const seedTeams = async (payload: Payload) => {
  for (const name of ['Editorial', 'Engineering']) {
    const { totalDocs } = await payload.count({
      collection: 'teams',
      where: { name: { equals: name } },
    })
    if (totalDocs === 0) {
      await payload.create({ collection: 'teams', data: { name } })
    }
  }
}

type Draft = { content: Record<string, unknown>[]; title: string }

/**
 * Creates a document through several saves, as an editor would: a first draft, a revision, a
 * publication, then a newer draft, so the versions view has a history to show.
 */
const seedDocument = async (
  payload: Payload,
  collection: 'pages' | 'posts',
  slug: string,
  revisions: Draft[],
  extra: Record<string, unknown>,
  germanTitle: string,
) => {
  const found = await payload.find({
    collection,
    draft: true,
    limit: 1,
    where: { slug: { equals: slug } },
  })
  if (found.docs[0]) {
    return false
  }
  const [first, ...rest] = revisions
  const doc = await payload.create({
    collection,
    data: { ...extra, ...first, _status: 'draft', slug },
    draft: true,
  })
  for (const [index, revision] of rest.entries()) {
    const publish = index === rest.length - 2 || rest.length === 1
    await payload.update({
      collection,
      data: { ...revision, _status: publish ? 'published' : 'draft' },
      draft: !publish,
      id: doc.id,
    })
  }
  await payload.update({
    collection,
    data: { title: germanTitle },
    draft: true,
    id: doc.id,
    locale: 'de',
  })
  return true
}

export const seed = async (payload: Payload): Promise<SeedAccount[]> => {
  const accounts = [
    await upsertAccount(payload, 'admin@backoffice.test', 'admin'),
    await upsertAccount(payload, 'editor@backoffice.test', 'editor'),
  ]
  const { dawn, forest, ocean } = await seedMedia(payload)
  await seedTeams(payload)

  const aboutBody = [
    heading(1, 'About us'),
    paragraph(text('We build '), text('calm', { bold: true }), text(' tools for busy editors.')),
    upload(ocean),
    list('ul', ['Versions and drafts', 'Trash and restore', 'Search-friendly pages']),
    quote('Content is a product, and editors are its makers.'),
  ]
  await seedDocument(
    payload,
    'pages',
    'about-us',
    [
      { content: [paragraph(text('Draft: who we are.'))], title: 'About' },
      { content: aboutBody.slice(0, 3), title: 'About us' },
      { content: aboutBody, title: 'About us' },
      {
        content: [
          ...aboutBody,
          paragraph(text('Newer draft, not yet published.', { italic: true })),
        ],
        title: 'About us',
      },
    ],
    {
      heroImage: ocean,
      layout: [{ blockType: 'callout', heading: 'We are hiring', tone: 'success' }],
    },
    'Über uns',
  )
  await seedDocument(
    payload,
    'pages',
    'contact',
    [
      { content: [paragraph(text('Write to us.'))], title: 'Contact' },
      {
        content: [
          heading(2, 'Contact'),
          paragraph(
            text('Write to '),
            link('mailto:hello@example.com', 'hello@example.com'),
            text('.'),
          ),
        ],
        title: 'Contact',
      },
    ],
    { heroImage: forest },
    'Kontakt',
  )
  await seedDocument(
    payload,
    'posts',
    'release-notes-1-0',
    [
      { content: [paragraph(text('Notes in progress'))], title: 'Release 1.0' },
      {
        content: [
          heading(2, 'What is new'),
          list('ol', ['Faster saves', 'Focal points on images']),
          paragraph(text('Upgrade with '), text('npm update', { code: true }), text('.')),
        ],
        title: 'Release 1.0 is out',
      },
      {
        content: [
          heading(2, 'What is new'),
          list('ol', ['Faster saves', 'Focal points on images', 'Dark mode']),
          paragraph(text('Upgrade with '), text('npm update', { code: true }), text('.')),
        ],
        title: 'Release 1.0 is out',
      },
    ],
    {
      category: 'release-notes',
      excerpt: 'Faster saves, focal points and dark mode.',
      heroImage: dawn,
      publishedAt: new Date().toISOString(),
    },
    'Version 1.0 ist da',
  )
  await seedDocument(
    payload,
    'posts',
    'writing-for-the-web',
    [
      {
        content: [paragraph(text('Short sentences. Clear headings.'))],
        title: 'Writing for the web',
      },
      {
        content: [
          heading(2, 'Keep it short'),
          paragraph(text('Readers scan. Lead with the point, then the detail.')),
          quote('Omit needless words.'),
        ],
        title: 'Writing for the web',
      },
    ],
    {
      category: 'guide',
      heroImage: forest,
      blocks: [{ blockType: 'quote', author: 'Strunk & White', quote: 'Omit needless words.' }],
    },
    'Schreiben fürs Web',
  )
  return accounts
}
