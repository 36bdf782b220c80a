'use client'

// The client components this folder's server components render, each in a chunk of its own
// (`lazy`): imported directly, Next would bundle them into every admin page's JavaScript, the
// sign-in page's included. See src/exports/client.ts.
import { lazy } from 'react'

export const SwitchToProvider = lazy(() =>
  import('./SwitchToProvider.js').then((module) => ({ default: module.SwitchToProvider })),
)
export const SignOut = lazy(() =>
  import('./SignOut.js').then((module) => ({ default: module.SignOut })),
)
