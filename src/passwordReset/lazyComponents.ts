'use client'

// The client components this folder's server components render, each in a chunk of its own
// (`lazy`): imported directly, Next would bundle them into every admin page's JavaScript, the
// sign-in page's included. See src/exports/client.ts.
import { lazy } from 'react'

export const ForgotForm = lazy(() =>
  import('./ForgotForm.js').then((module) => ({ default: module.ForgotForm })),
)
export const ResetForm = lazy(() =>
  import('./ResetForm.js').then((module) => ({ default: module.ResetForm })),
)
