import type { CollectionConfig, Config, Endpoint } from 'payload'

/** The config with one collection replaced by `change(collection)`; others are left as they are. */
export const mapCollection = (
  config: Config,
  slug: string,
  change: (collection: CollectionConfig) => CollectionConfig,
): Config => ({
  ...config,
  collections: (config.collections ?? []).map((collection) =>
    collection.slug === slug ? change(collection) : collection,
  ),
})

/** The config with `collection` added after the app's own, unless the app already defines that slug. */
export const addCollection = (config: Config, collection: CollectionConfig): Config => {
  if (config.collections?.some((existing) => existing.slug === collection.slug)) {
    throw new Error(
      `payload-backoffice: the app already has a collection "${collection.slug}"; the plugin needs that slug for its own.`,
    )
  }
  return { ...config, collections: [...(config.collections ?? []), collection] }
}

type Hooks = NonNullable<CollectionConfig['hooks']>

/** The collection with `hooks` appended after its own hooks of the same kind. */
export const appendHooks = (collection: CollectionConfig, hooks: Hooks): CollectionConfig => {
  const merged: Record<string, unknown[]> = { ...(collection.hooks as Record<string, unknown[]>) }
  for (const [kind, added] of Object.entries(hooks as Record<string, unknown[]>)) {
    merged[kind] = [...(merged[kind] ?? []), ...added]
  }
  return { ...collection, hooks: merged as Hooks }
}

/**
 * The collection with `endpoints` added: after its own, or with `first`, before them (and so before
 * Payload's built-in endpoints, which match after every configured one: how the plugin replaces one).
 * `endpoints: false` means the app turned the collection's REST API off: it stays off.
 */
export const addEndpoints = (
  collection: CollectionConfig,
  endpoints: Endpoint[],
  { first = false }: { first?: boolean } = {},
): CollectionConfig => {
  if (collection.endpoints === false) {
    return collection
  }
  const own = collection.endpoints ?? []
  return { ...collection, endpoints: first ? [...endpoints, ...own] : [...own, ...endpoints] }
}
