'use client'

// The client components this folder's server components render, each in a chunk of its own
// (`lazy`): imported directly, Next would bundle them into every admin page's JavaScript, the
// sign-in page's included. See src/exports/client.ts.
import { lazy } from 'react'

export const ChallengeMethods = lazy(() =>
  import('./ChallengeMethods.js').then((module) => ({ default: module.ChallengeMethods })),
)
export const SecondFactorChoice = lazy(() =>
  import('./SecondFactorChoice.js').then((module) => ({ default: module.SecondFactorChoice })),
)
export const SetupForm = lazy(() =>
  import('./SetupForm.js').then((module) => ({ default: module.SetupForm })),
)
export const RecoveryCodesPanel = lazy(() =>
  import('./RecoveryCodesPanel.js').then((module) => ({ default: module.RecoveryCodesPanel })),
)
export const TrustedDevicesList = lazy(() =>
  import('./TrustedDevicesList.js').then((module) => ({ default: module.TrustedDevicesList })),
)
export const PasskeyChallenge = lazy(() =>
  import('../passkeys/components/PasskeyChallenge.js').then((module) => ({
    default: module.PasskeyChallenge,
  })),
)
export const PasskeysList = lazy(() =>
  import('../passkeys/components/PasskeysList.js').then((module) => ({
    default: module.PasskeysList,
  })),
)
export const RequestResetWidget = lazy(() =>
  import('../resetRequests/components/RequestResetWidget.js').then((module) => ({
    default: module.RequestResetWidget,
  })),
)
export const AccountResetRequest = lazy(() =>
  import('../resetRequests/components/AccountResetRequest.js').then((module) => ({
    default: module.AccountResetRequest,
  })),
)
