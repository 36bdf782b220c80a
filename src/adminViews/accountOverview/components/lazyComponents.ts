'use client'

// The client components this folder's server components render, each in a chunk of its own
// (`lazyComponent`), as src/exports/client.ts explains.
import { lazyComponent } from '../../../shared/components/client/lazyComponent.js'

export const AccountSecurityPanel = lazyComponent(() =>
  import('./AccountSecurityPanel.js').then((module) => module.AccountSecurityPanel),
)
