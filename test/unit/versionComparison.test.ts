import type { Field } from 'payload'

import { describe, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'

import { exposeGlobalConfigsBySlug } from '../../src/content/versions/globalConfigsBySlug.js'
import { versionComparison } from '../../src/content/versions/index.js'
import {
  selectDiffComponent,
  withSelectManyDiff,
} from '../../src/content/versions/selectManyDiff.js'
import { optionLabels } from '../../src/shared/lib/optionLabels.js'

const german = { fallbackLanguage: 'en', language: 'de', t: (key: string) => key }
const options = [
  { label: { de: 'Redaktion', en: 'Editors' }, value: 'editors' },
  { label: 'Developers', value: 'developers' },
  {
    label: ({ t }: { t: unknown }) => (t as (key: string) => string)('general:admins'),
    value: 'admins',
  },
  'plain',
]

describe('optionLabels', () => {
  it('shows a single value by its option label in the admin language', () => {
    expect(optionLabels('editors', options, german)).toBe('Redaktion')
    expect(optionLabels('editors', options, { ...german, language: 'fr' })).toBe('Editors')
    expect(optionLabels('developers', options, german)).toBe('Developers')
    expect(optionLabels('admins', options, german)).toBe('general:admins')
    expect(optionLabels('plain', options, german)).toBe('plain')
  })

  it('shows many values by their labels, in stored order, joined with commas', () => {
    expect(optionLabels(['developers', 'editors'], options, german)).toBe('Developers, Redaktion')
    expect(optionLabels([], options, german)).toBe('')
  })

  it('shows nothing for no value, and a value no option has any more as stored', () => {
    expect(optionLabels(null, options, german)).toBe('')
    expect(optionLabels(undefined, options, german)).toBe('')
    expect(optionLabels(['editors', 'retired'], options, german)).toBe('Redaktion, retired')
  })
})

const manySelect = (name: string): Field => ({
  name,
  type: 'select',
  hasMany: true,
  options: ['a', 'b'],
})
const diffOf = (field: Field | undefined) =>
  (field as { admin?: { components?: { Diff?: unknown } } } | undefined)?.admin?.components?.Diff

describe('withSelectManyDiff', () => {
  it('gives every select holding many values the fixed diff, at any depth', () => {
    const fields: Field[] = [
      manySelect('top'),
      { name: 'one', type: 'select', options: ['a'] },
      { name: 'group', type: 'group', fields: [manySelect('inGroup')] },
      { name: 'rows', type: 'array', fields: [{ type: 'row', fields: [manySelect('inRow')] }] },
      { type: 'tabs', tabs: [{ fields: [manySelect('inTab')], label: 'Tab' }] },
      {
        name: 'layout',
        type: 'blocks',
        blocks: [{ slug: 'cta', fields: [manySelect('inBlock')] }],
      },
    ]
    const result = withSelectManyDiff(fields) as Json[]
    expect(diffOf(result[0])).toBe(selectDiffComponent)
    // Payload compares single selects correctly already.
    expect(diffOf(result[1])).toBeUndefined()
    expect(diffOf(result[2].fields[0])).toBe(selectDiffComponent)
    expect(diffOf(result[3].fields[0].fields[0])).toBe(selectDiffComponent)
    expect(diffOf(result[4].tabs[0].fields[0])).toBe(selectDiffComponent)
    expect(diffOf(result[5].blocks[0].fields[0])).toBe(selectDiffComponent)
    // The app's own fields are not changed in place.
    expect(diffOf(fields[0])).toBeUndefined()
  })

  it("keeps a diff component the app chose and the field's other admin settings", () => {
    const own: Field = {
      name: 'own',
      type: 'select',
      admin: { components: { Diff: './OwnDiff#OwnDiff' }, position: 'sidebar' },
      hasMany: true,
      options: ['a'],
    }
    const sidebar: Field = { ...manySelect('sidebar'), admin: { position: 'sidebar' } } as Field
    const [keptOwn, keptSidebar] = withSelectManyDiff([own, sidebar]) as Json[]
    expect(diffOf(keptOwn)).toBe('./OwnDiff#OwnDiff')
    expect(keptSidebar.admin.position).toBe('sidebar')
    expect(diffOf(keptSidebar)).toBe(selectDiffComponent)
  })
})

describe('the versionComparison capability', () => {
  it('adds the drawer error provider after the app’s own and fixes only entities with versions', () => {
    const config = versionComparison.behaviour!(
      {
        admin: { components: { providers: ['./Own#Own'] } },
        collections: [
          { slug: 'posts', fields: [manySelect('tags')], versions: { drafts: true } },
          { slug: 'plain', fields: [manySelect('tags')] },
        ],
        globals: [{ slug: 'settings', fields: [manySelect('tags')], versions: true }],
      } as never,
      {} as never,
    )
    expect(config.admin?.components?.providers).toEqual([
      './Own#Own',
      'payload-backoffice/client#VersionDrawerErrors',
    ])
    expect(diffOf(config.collections![0]!.fields[0])).toBe(selectDiffComponent)
    expect(diffOf(config.collections![1]!.fields[0])).toBeUndefined()
    expect(diffOf(config.globals![0]!.fields[0])).toBe(selectDiffComponent)
    // Globals with drafts always read their status, so Payload can tell they have a published version.
    expect(config.globals![0]!.forceSelect).toBeUndefined()
  })

  it('always selects the status of a global with drafts, keeping what the app forces', () => {
    const config = versionComparison.behaviour!(
      {
        globals: [
          { slug: 'drafts', fields: [], forceSelect: { title: true }, versions: { drafts: true } },
          { slug: 'history', fields: [], versions: { drafts: false } },
        ],
      } as never,
      {} as never,
    )
    expect(config.globals![0]!.forceSelect).toEqual({ _status: true, title: true })
    expect(config.globals![1]!.forceSelect).toBeUndefined()
  })
})

describe('exposeGlobalConfigsBySlug', () => {
  it("puts each global's config under its slug, beside Payload's own list, and never over it", () => {
    const settings = { slug: 'settings', versions: { drafts: true } }
    const clash = { slug: 'config' }
    const list = [settings, clash]
    const payload = { config: { globals: list }, globals: { config: list } }
    exposeGlobalConfigsBySlug(payload as never)
    expect(payload.globals).toEqual({ config: list, settings: { config: settings } })
  })
})

describe('the versionComparison capability at start-up', () => {
  it("runs the app's own onInit first, then exposes the globals", async () => {
    const calls: string[] = []
    const config = versionComparison.behaviour!(
      {
        globals: [{ slug: 'settings', fields: [] }],
        onInit: async () => void calls.push('app'),
      } as never,
      {} as never,
    )
    const payload = { config: { globals: [{ slug: 'settings' }] }, globals: { config: [] } }
    await config.onInit!(payload as never)
    expect(calls).toEqual(['app'])
    expect(payload.globals).toHaveProperty('settings.config.slug', 'settings')
  })
})
