'use client'

// The client components this folder's server components render, each in a chunk of its own
// (`lazyComponent`): imported directly, Next would bundle them into every admin page's JavaScript, the
// sign-in page's included. See src/exports/client.ts.
import { lazyComponent } from '../../../shared/components/client/lazyComponent.js'

export const ChallengeMethods = lazyComponent(() =>
  import('./ChallengeMethods.js').then((module) => module.ChallengeMethods),
)
export const SecondFactorChoice = lazyComponent(() =>
  import('./SecondFactorChoice.js').then((module) => module.SecondFactorChoice),
)
export const SetupForm = lazyComponent(() =>
  import('./SetupForm.js').then((module) => module.SetupForm),
)
export const PasskeysAndRecoveryCodes = lazyComponent(() =>
  import('./PasskeysAndRecoveryCodes.js').then((module) => module.PasskeysAndRecoveryCodes),
)
export const TrustedDevicesList = lazyComponent(() =>
  import('./TrustedDevicesList.js').then((module) => module.TrustedDevicesList),
)
export const PasskeyChallenge = lazyComponent(() =>
  import('../passkeys/components/PasskeyChallenge.js').then((module) => module.PasskeyChallenge),
)
export const RequestResetWidget = lazyComponent(() =>
  import('../resetRequests/components/RequestResetWidget.js').then(
    (module) => module.RequestResetWidget,
  ),
)
export const AccountResetRequest = lazyComponent(() =>
  import('../resetRequests/components/AccountResetRequest.js').then(
    (module) => module.AccountResetRequest,
  ),
)
export const AuthenticatorAppActions = lazyComponent(() =>
  import('./AuthenticatorAppActions.js').then((module) => module.AuthenticatorAppActions),
)
