import type { Payload, SanitizedGlobalConfig } from 'payload'

/**
 * Makes each global's config readable at `payload.globals[slug].config`, where Payload keeps a
 * collection's. Payload 3.90's version views look a global up there to learn whether it has drafts;
 * finding nothing, they take the latest version of any status as the "currently published" one, so a
 * global with a newer draft shows that draft's label wrongly and its published version as
 * "previously published". Payload itself only reads `payload.globals.config` (the list), so the
 * added keys change nothing else; a global slugged `config` is left out rather than replace it.
 */
export const exposeGlobalConfigsBySlug = (payload: Payload): void => {
  const globals = payload.globals as unknown as Record<string, { config: unknown }>
  for (const global of payload.config.globals as SanitizedGlobalConfig[]) {
    const slug: string = global.slug
    if (slug !== 'config' && !(slug in globals)) {
      globals[slug] = { config: global }
    }
  }
}
