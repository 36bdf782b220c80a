/**
 * Fills the `{{name}}` placeholders of a text, the syntax of Payload's own translations. A
 * placeholder without a value stays as written, so a missing variable shows instead of vanishing.
 */
export const interpolate = (
  template: string,
  variables: Readonly<Record<string, number | string>> = {},
): string =>
  template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(variables, name) ? String(variables[name]) : placeholder,
  )
