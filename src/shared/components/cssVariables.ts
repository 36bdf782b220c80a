import type { CSSProperties } from 'react'

/**
 * The only inline style a component may set (an ESLint rule holds it to this): CSS custom
 * properties that carry a value known only at run time (a meter's fill, a browser's colour) to the
 * component's stylesheet, which decides what the value does. Everything else is a class of a
 * stylesheet in `@layer payload-default`, which an app's own CSS overrides.
 */
export const cssVariables = (variables: Record<`--backoffice-${string}`, number | string>) =>
  variables as CSSProperties
