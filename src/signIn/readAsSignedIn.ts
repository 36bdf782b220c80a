import type { PayloadRequest, SanitizedCollectionConfig } from 'payload'

import { afterReadTraverseFields, deepCopyObjectSimple } from 'payload'

/** Payload stops a hook that keeps adding field promises after this many rounds. */
const maxRounds = 100

/**
 * The signed-in account as Payload's login answers it: through the collection's read pipeline
 * (hidden fields removed, field hooks and field read access run, relationships populated to
 * `depth`, then the collection's `afterRead` hooks), with the session's metadata laid over it.
 * Payload does this in `applyUserReadAccess` (payload/dist/auth/applyUserReadAccess.js, 3.90.1),
 * which it exports only from `payload/internal`, "not part of the public API"; this builds the same
 * from what `payload` does export (`afterReadTraverseFields`, `deepCopyObjectSimple`), as Payload's
 * own `afterRead` (payload/dist/fields/hooks/afterRead/index.js) drives it. Reading the account
 * again with `findByID` would cost a query and lose what `afterLogin` hooks changed on it.
 * test/integration/loginReplay.test.ts compares the answer with Payload's own login.
 */
export const readAsSignedIn = async ({
  collection,
  depth: requestedDepth,
  overrideAccess,
  req,
  showHiddenFields,
  user,
}: {
  collection: SanitizedCollectionConfig
  depth?: number
  overrideAccess: boolean
  req: PayloadRequest
  showHiddenFields: boolean
  user: Record<string, unknown>
}): Promise<Record<string, unknown>> => {
  const { config } = req.payload
  const depth = Math.min(
    typeof requestedDepth === 'number' ? requestedDepth : config.defaultDepth,
    config.maxDepth,
  )
  const doc = deepCopyObjectSimple(user) as Record<string, unknown>
  const fieldPromises: Promise<void>[] = []
  const populationPromises: Promise<void>[] = []
  afterReadTraverseFields({
    collection,
    context: req.context,
    currentDepth: 1,
    depth,
    doc,
    draft: false,
    fallbackLocale: req.fallbackLocale!,
    fieldDepth: 0,
    fieldPromises,
    fields: collection.fields,
    findMany: false,
    flattenLocales: true,
    global: null,
    locale: req.locale ?? null,
    overrideAccess,
    parentIndexPath: '',
    parentIsLocalized: false,
    parentPath: '',
    parentSchemaPath: '',
    populationPromises,
    req,
    showHiddenFields,
    siblingDoc: doc,
  })
  // A field promise may add more (a hook populating a nested relationship): drained round by round.
  for (let round = 0; fieldPromises.length > 0 || populationPromises.length > 0; round++) {
    if (round >= maxRounds) {
      throw new Error('payload-backoffice: an afterRead field hook keeps adding promises.')
    }
    const fields = fieldPromises.splice(0)
    const populations = populationPromises.splice(0)
    await Promise.all(fields)
    await Promise.all(populations)
  }
  let read = doc
  for (const hook of collection.hooks?.afterRead ?? []) {
    read =
      ((await hook({
        collection,
        context: req.context,
        doc: read,
        overrideAccess,
        req,
      } as never)) as typeof read | undefined) || read
  }
  return {
    ...read,
    ...(user._sid !== undefined ? { _sid: user._sid } : {}),
    _strategy: user._strategy,
    collection: user.collection,
  }
}
