'use client'

// Client components and hooks, registered in Payload's import map as 'payload-backoffice/client#Name'.
// Next bundles every client component the admin's one catch-all route can render into the JavaScript
// of every admin page, the sign-in page included. So each component here is a `lazyComponent`: a
// page fetches its chunk only when it renders it. Only what every page needs is imported directly:
// the toast provider and the translation hook.
import { lazyComponent } from '../shared/components/client/lazyComponent.js'

export { PendingToast } from '../shared/components/client/PendingToast.js'
export { useBackofficeTranslation } from '../shared/components/client/useBackofficeTranslation.js'

export const AccountStatusCell = lazyComponent(() =>
  import('../adminViews/accountOverview/components/AccountStatusCell.js').then(
    (module) => module.AccountStatusCell,
  ),
)
export const LastSignInCell = lazyComponent(() =>
  import('../adminViews/accountOverview/components/LastSignInCell.js').then(
    (module) => module.LastSignInCell,
  ),
)
export const SecondFactorCell = lazyComponent(() =>
  import('../adminViews/accountOverview/components/SecondFactorCell.js').then(
    (module) => module.SecondFactorCell,
  ),
)
export const ChangePasswordDrawer = lazyComponent(() =>
  import('../flows/changePassword/components/ChangePasswordDrawer.js').then(
    (module) => module.ChangePasswordDrawer,
  ),
)
export const FirstUserForm = lazyComponent(() =>
  import('../flows/firstUser/components/FirstUserForm.js').then((module) => module.FirstUserForm),
)
export const FirstUserPasswordField = lazyComponent(() =>
  import('../flows/firstUser/components/FirstUserPasswordField.js').then(
    (module) => module.FirstUserPasswordField,
  ),
)
export const InvitationField = lazyComponent(() =>
  import('../flows/invitations/components/InvitationField.js').then(
    (module) => module.InvitationField,
  ),
)
export const InvitationSaveButton = lazyComponent(() =>
  import('../flows/invitations/components/InvitationSaveButton.js').then(
    (module) => module.InvitationSaveButton,
  ),
)
export const UserEditView = lazyComponent(() =>
  import('../flows/invitations/components/UserEditView.js').then((module) => module.UserEditView),
)
export const NewPasswordField = lazyComponent(() =>
  import('../policies/passwordPolicy/components/NewPasswordField.js').then(
    (module) => module.NewPasswordField,
  ),
)
export const PasswordInput = lazyComponent(() =>
  import('../policies/passwordPolicy/components/PasswordInput.js').then(
    (module) => module.PasswordInput,
  ),
)
export const ReadOnlyRichTextBlocks = lazyComponent(() =>
  import('../content/richtext/components/ReadOnlyRichTextBlocks.js').then(
    (module) => module.ReadOnlyRichTextBlocks,
  ),
)
export const SeoMetaTextField = lazyComponent(() =>
  import('../content/seo/components/SeoMetaTextField.js').then((module) => module.SeoMetaTextField),
)
export const SessionsField = lazyComponent(() =>
  import('../policies/sessions/components/SessionsField.js').then((module) => module.SessionsField),
)
export const SignInMethodCell = lazyComponent(() =>
  import('../flows/sso/components/SignInMethodCell.js').then((module) => module.SignInMethodCell),
)
export const SignInMethodField = lazyComponent(() =>
  import('../flows/sso/components/SignInMethodField.js').then((module) => module.SignInMethodField),
)
export const ConfirmPasswordPrompt = lazyComponent(() =>
  import('../policies/sudo/components/ConfirmPasswordPrompt.js').then(
    (module) => module.ConfirmPasswordPrompt,
  ),
)
export const LockedUntilCell = lazyComponent(() =>
  import('../policies/lockout/components/LockedUntilCell.js').then(
    (module) => module.LockedUntilCell,
  ),
)
export const FileSizeCell = lazyComponent(() =>
  import('../content/uploads/components/FileSizeCell.js').then((module) => module.FileSizeCell),
)
export const FocalPointByClick = lazyComponent(() =>
  import('../content/uploads/components/FocalPointByClick.js').then(
    (module) => module.FocalPointByClick,
  ),
)
export const SelectDiff = lazyComponent(() =>
  import('../content/versions/components/SelectDiff.js').then((module) => module.SelectDiff),
)
export const VersionDrawerErrors = lazyComponent(() =>
  import('../content/versions/components/VersionDrawerErrors.js').then(
    (module) => module.VersionDrawerErrors,
  ),
)
export const ChallengeForm = lazyComponent(() =>
  import('../policies/twoFactor/components/ChallengeForm.js').then(
    (module) => module.ChallengeForm,
  ),
)
export const ChallengeMethods = lazyComponent(() =>
  import('../policies/twoFactor/components/ChallengeMethods.js').then(
    (module) => module.ChallengeMethods,
  ),
)
export const SecondFactorChoice = lazyComponent(() =>
  import('../policies/twoFactor/components/SecondFactorChoice.js').then(
    (module) => module.SecondFactorChoice,
  ),
)
export const PasskeyChallenge = lazyComponent(() =>
  import('../policies/twoFactor/passkeys/components/PasskeyChallenge.js').then(
    (module) => module.PasskeyChallenge,
  ),
)
export const PasskeySignInButton = lazyComponent(() =>
  import('../policies/twoFactor/passkeys/components/PasskeySignInButton.js').then(
    (module) => module.PasskeySignInButton,
  ),
)
export const PasskeysList = lazyComponent(() =>
  import('../policies/twoFactor/passkeys/components/PasskeysList.js').then(
    (module) => module.PasskeysList,
  ),
)
export const RecoveryCodeForm = lazyComponent(() =>
  import('../policies/twoFactor/components/RecoveryCodeForm.js').then(
    (module) => module.RecoveryCodeForm,
  ),
)
export const RecoveryCodesPanel = lazyComponent(() =>
  import('../policies/twoFactor/components/RecoveryCodesPanel.js').then(
    (module) => module.RecoveryCodesPanel,
  ),
)
export const SetupForm = lazyComponent(() =>
  import('../policies/twoFactor/components/SetupForm.js').then((module) => module.SetupForm),
)
export const TrustedDevicesList = lazyComponent(() =>
  import('../policies/twoFactor/components/TrustedDevicesList.js').then(
    (module) => module.TrustedDevicesList,
  ),
)
export const AccountResetRequest = lazyComponent(() =>
  import('../policies/twoFactor/resetRequests/components/AccountResetRequest.js').then(
    (module) => module.AccountResetRequest,
  ),
)
export const RequestResetWidget = lazyComponent(() =>
  import('../policies/twoFactor/resetRequests/components/RequestResetWidget.js').then(
    (module) => module.RequestResetWidget,
  ),
)
export const AuditCategoryCell = lazyComponent(() =>
  import('../shared/audit/components/AuditCategoryCell.js').then(
    (module) => module.AuditCategoryCell,
  ),
)
export const AuditDataField = lazyComponent(() =>
  import('../shared/audit/components/AuditDataField.js').then((module) => module.AuditDataField),
)
export const AuditEventCell = lazyComponent(() =>
  import('../shared/audit/components/AuditEventCell.js').then((module) => module.AuditEventCell),
)
export const AuditLogListTools = lazyComponent(() =>
  import('../shared/audit/components/AuditLogListTools.js').then(
    (module) => module.AuditLogListTools,
  ),
)
export const AuditTextCell = lazyComponent(() =>
  import('../shared/audit/components/AuditTextCell.js').then((module) => module.AuditTextCell),
)
export const AuditTimeCell = lazyComponent(() =>
  import('../shared/audit/components/AuditTimeCell.js').then((module) => module.AuditTimeCell),
)
