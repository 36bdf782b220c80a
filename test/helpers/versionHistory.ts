import type { CollectionSlug, Payload } from 'payload'

/** One save of a document: published, saved as a draft, or saved by the editor's autosave. */
export type VersionStep = 'autosave' | 'draft' | 'publish'

export type RecordedVersion = { id: number | string; step: VersionStep }

/**
 * Gives a new document a history of versions through Payload's Local API, one save per step (the
 * first step creates it), as editors produce it in the admin. `dataFor(n)` is what save n writes, in
 * the locale `localeFor(n)` (the default locale when absent).
 * Returns the document's id and its versions, oldest first; an autosave right after another one
 * updates that version in place, as Payload does, so it is recorded once.
 */
export const buildVersionHistory = async (
  payload: Payload,
  {
    collection,
    dataFor,
    localeFor = () => undefined,
    steps,
  }: {
    collection: CollectionSlug
    dataFor: (save: number) => Record<string, unknown>
    localeFor?: (save: number) => string | undefined
    steps: VersionStep[]
  },
): Promise<{ id: number | string; versions: RecordedVersion[] }> => {
  let id: number | string | undefined
  for (const [save, step] of steps.entries()) {
    const data = { ...dataFor(save), _status: step === 'publish' ? 'published' : 'draft' }
    const draft = step !== 'publish'
    const locale = localeFor(save)
    if (id === undefined) {
      id = (
        await payload.create({ collection, data, draft, locale } as Parameters<
          Payload['create']
        >[0])
      ).id
    } else {
      const autosave = step === 'autosave'
      await payload.update({ id, autosave, collection, data, draft, locale } as Parameters<
        Payload['update']
      >[0])
    }
  }
  // Consecutive autosaves share one version; every other save made one.
  const saves = steps.filter(
    (step, index) => !(step === 'autosave' && steps[index - 1] === 'autosave'),
  )
  const { docs } = await payload.findVersions({
    collection,
    pagination: false,
    sort: ['createdAt', 'id'],
    where: { parent: { equals: id } },
  })
  if (docs.length !== saves.length) {
    throw new Error(
      `Expected ${saves.length} versions of ${collection} ${id}, found ${docs.length}.`,
    )
  }
  return {
    id: id!,
    versions: docs.map((version, index) => ({ id: version.id, step: saves[index]! })),
  }
}
