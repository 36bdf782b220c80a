'use client'

// The client components this folder's server components render, each in a chunk of its own
// (`lazyComponent`): imported directly, Next would bundle them into every admin page's JavaScript, the
// sign-in page's included. See src/exports/client.ts.
import { lazyComponent } from '../../../shared/components/client/lazyComponent.js'

export const SudoDialogProvider = lazyComponent(() =>
  import('./SudoDialogProvider.js').then((module) => module.SudoDialogProvider),
)
