import type { Field } from 'payload'

/**
 * Lengths search engines show in full (the SEO plugin's defaults): titles of
 * 50 to 60 characters, descriptions of 100 to 150.
 */
export const seoLengthLimits = {
  description: { maxLength: 150, minLength: 100 },
  title: { maxLength: 60, minLength: 50 },
} as const

/**
 * For `seoPlugin({ fields: seoFieldsWithSpecGauge })`: the plugin's fields, with the meta title and
 * description drawn by `payload-backoffice/client#SeoMetaTextField`, whose gauge says "almost there"
 * from 90 % of the minimum and which keeps the editor's text when a generate
 * request is refused. Everything else (image, preview, overview) stays the plugin's.
 */
export const seoFieldsWithSpecGauge = ({ defaultFields }: { defaultFields: Field[] }): Field[] =>
  defaultFields.map((field) => {
    if (!('name' in field) || (field.name !== 'title' && field.name !== 'description')) {
      return field
    }
    const kind = field.name
    // The plugin's own component says whether a generate function is configured.
    const admin = (
      field as { admin?: { components?: { Field?: { clientProps?: Record<string, unknown> } } } }
    ).admin
    const pluginProps = admin?.components?.Field?.clientProps ?? {}
    const hasGenerateFn = Boolean(
      pluginProps[kind === 'title' ? 'hasGenerateTitleFn' : 'hasGenerateDescriptionFn'],
    )
    return {
      ...field,
      admin: {
        ...admin,
        components: {
          ...admin?.components,
          Field: {
            clientProps: { hasGenerateFn, kind, limits: seoLengthLimits[kind] },
            path: 'payload-backoffice/client#SeoMetaTextField',
          },
        },
      },
    } as Field
  })
