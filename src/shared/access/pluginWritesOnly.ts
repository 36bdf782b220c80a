import type { Access, CollectionConfig } from 'payload'

/**
 * Access for a collection only the plugin writes, through its own endpoints and SQL (Payload's REST,
 * GraphQL and access-checked Local API calls create, update and delete nothing): who may read its
 * rows is `read`, nobody when it is left out.
 */
export const pluginWritesOnly = (
  read: Access = () => false,
): NonNullable<CollectionConfig['access']> => ({
  create: () => false,
  delete: () => false,
  read,
  update: () => false,
})
