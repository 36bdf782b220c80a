'use client'

// The client components this folder's server components render, each in a chunk of its own
// (`lazy`): imported directly, Next would bundle them into every admin page's JavaScript, the
// sign-in page's included. See src/exports/client.ts.
import { lazy } from 'react'

export const AcceptInvitationForm = lazy(() =>
  import('./AcceptInvitationForm.js').then((module) => ({ default: module.AcceptInvitationForm })),
)
