import type { Block, Field } from 'payload'

/** Where the plugin's fixed select diff lives in the admin's import map. */
export const selectDiffComponent = 'payload-backoffice/client#SelectDiff'

const withDiff = (field: Field): Field => {
  if (field.type === 'select' && field.hasMany && !field.admin?.components?.Diff) {
    return {
      ...field,
      admin: {
        ...field.admin,
        components: { ...field.admin?.components, Diff: selectDiffComponent },
      },
    }
  }
  if (field.type === 'tabs') {
    return {
      ...field,
      tabs: field.tabs.map((tab) => ({ ...tab, fields: withSelectManyDiff(tab.fields) })),
    }
  }
  if (field.type === 'blocks') {
    // Blocks referenced by slug are configured once, at the top level (see `withSelectManyDiffInBlocks`).
    return { ...field, blocks: withSelectManyDiffInBlocks(field.blocks) }
  }
  if ('fields' in field && Array.isArray(field.fields)) {
    return { ...field, fields: withSelectManyDiff(field.fields) } as Field
  }
  return field
}

/**
 * The fields with the plugin's select diff on every `hasMany` select, at any depth, unless the app
 * set a diff component of its own. The fields given are left as they are.
 */
export const withSelectManyDiff = (fields: Field[]): Field[] => fields.map(withDiff)

export const withSelectManyDiffInBlocks = (blocks: Block[]): Block[] =>
  blocks.map((block) => ({ ...block, fields: withSelectManyDiff(block.fields) }))
