'use client'

// Client components and hooks, registered in Payload's import map as 'payload-backoffice/client#Name'.
// Next bundles every client component the admin's one catch-all route can render into the JavaScript
// of every admin page, the sign-in page included. So each component here is `lazy` (as Payload's own
// date picker and code editor are): a page fetches its chunk only when it renders it. Only what every
// page needs is imported directly: the toast provider and the translation hook.
import { lazy } from 'react'

export { PendingToast } from '../components/client/PendingToast.js'
export { useBackofficeTranslation } from '../components/client/useBackofficeTranslation.js'

export const AccountSecurityPanel = lazy(() =>
  import('../accountOverview/components/AccountSecurityPanel.js').then((module) => ({
    default: module.AccountSecurityPanel,
  })),
)
export const AccountStatusCell = lazy(() =>
  import('../accountOverview/components/AccountStatusCell.js').then((module) => ({
    default: module.AccountStatusCell,
  })),
)
export const LastSignInCell = lazy(() =>
  import('../accountOverview/components/LastSignInCell.js').then((module) => ({
    default: module.LastSignInCell,
  })),
)
export const SecondFactorCell = lazy(() =>
  import('../accountOverview/components/SecondFactorCell.js').then((module) => ({
    default: module.SecondFactorCell,
  })),
)
export const ChangePasswordDrawer = lazy(() =>
  import('../changePassword/components/ChangePasswordDrawer.js').then((module) => ({
    default: module.ChangePasswordDrawer,
  })),
)
export const FirstUserForm = lazy(() =>
  import('../firstUser/components/FirstUserForm.js').then((module) => ({
    default: module.FirstUserForm,
  })),
)
export const FirstUserPasswordField = lazy(() =>
  import('../firstUser/components/FirstUserPasswordField.js').then((module) => ({
    default: module.FirstUserPasswordField,
  })),
)
export const InvitationField = lazy(() =>
  import('../invitations/components/InvitationField.js').then((module) => ({
    default: module.InvitationField,
  })),
)
export const InvitationSaveButton = lazy(() =>
  import('../invitations/components/InvitationSaveButton.js').then((module) => ({
    default: module.InvitationSaveButton,
  })),
)
export const UserEditView = lazy(() =>
  import('../invitations/components/UserEditView.js').then((module) => ({
    default: module.UserEditView,
  })),
)
export const NewPasswordField = lazy(() =>
  import('../passwordPolicy/components/NewPasswordField.js').then((module) => ({
    default: module.NewPasswordField,
  })),
)
export const PasswordInput = lazy(() =>
  import('../passwordPolicy/components/PasswordInput.js').then((module) => ({
    default: module.PasswordInput,
  })),
)
export const ReadOnlyRichTextBlocks = lazy(() =>
  import('../richtext/components/ReadOnlyRichTextBlocks.js').then((module) => ({
    default: module.ReadOnlyRichTextBlocks,
  })),
)
export const SeoMetaTextField = lazy(() =>
  import('../seo/components/SeoMetaTextField.js').then((module) => ({
    default: module.SeoMetaTextField,
  })),
)
export const SessionsField = lazy(() =>
  import('../sessions/components/SessionsField.js').then((module) => ({
    default: module.SessionsField,
  })),
)
export const SignInMethodCell = lazy(() =>
  import('../sso/components/SignInMethodCell.js').then((module) => ({
    default: module.SignInMethodCell,
  })),
)
export const SignInMethodField = lazy(() =>
  import('../sso/components/SignInMethodField.js').then((module) => ({
    default: module.SignInMethodField,
  })),
)
export const ConfirmPasswordPrompt = lazy(() =>
  import('../sudo/components/ConfirmPasswordPrompt.js').then((module) => ({
    default: module.ConfirmPasswordPrompt,
  })),
)
export const LockedUntilCell = lazy(() =>
  import('../lockout/components/LockedUntilCell.js').then((module) => ({
    default: module.LockedUntilCell,
  })),
)
export const FileSizeCell = lazy(() =>
  import('../uploads/components/FileSizeCell.js').then((module) => ({
    default: module.FileSizeCell,
  })),
)
export const FocalPointByClick = lazy(() =>
  import('../uploads/components/FocalPointByClick.js').then((module) => ({
    default: module.FocalPointByClick,
  })),
)
export const SelectDiff = lazy(() =>
  import('../versions/components/SelectDiff.js').then((module) => ({ default: module.SelectDiff })),
)
export const VersionDrawerErrors = lazy(() =>
  import('../versions/components/VersionDrawerErrors.js').then((module) => ({
    default: module.VersionDrawerErrors,
  })),
)
export const ChallengeForm = lazy(() =>
  import('../twoFactor/components/ChallengeForm.js').then((module) => ({
    default: module.ChallengeForm,
  })),
)
export const ChallengeMethods = lazy(() =>
  import('../twoFactor/components/ChallengeMethods.js').then((module) => ({
    default: module.ChallengeMethods,
  })),
)
export const SecondFactorChoice = lazy(() =>
  import('../twoFactor/components/SecondFactorChoice.js').then((module) => ({
    default: module.SecondFactorChoice,
  })),
)
export const PasskeyChallenge = lazy(() =>
  import('../twoFactor/passkeys/components/PasskeyChallenge.js').then((module) => ({
    default: module.PasskeyChallenge,
  })),
)
export const PasskeySignInButton = lazy(() =>
  import('../twoFactor/passkeys/components/PasskeySignInButton.js').then((module) => ({
    default: module.PasskeySignInButton,
  })),
)
export const PasskeysList = lazy(() =>
  import('../twoFactor/passkeys/components/PasskeysList.js').then((module) => ({
    default: module.PasskeysList,
  })),
)
export const RecoveryCodeForm = lazy(() =>
  import('../twoFactor/components/RecoveryCodeForm.js').then((module) => ({
    default: module.RecoveryCodeForm,
  })),
)
export const RecoveryCodesPanel = lazy(() =>
  import('../twoFactor/components/RecoveryCodesPanel.js').then((module) => ({
    default: module.RecoveryCodesPanel,
  })),
)
export const SetupForm = lazy(() =>
  import('../twoFactor/components/SetupForm.js').then((module) => ({ default: module.SetupForm })),
)
export const TrustedDevicesList = lazy(() =>
  import('../twoFactor/components/TrustedDevicesList.js').then((module) => ({
    default: module.TrustedDevicesList,
  })),
)
export const AccountResetRequest = lazy(() =>
  import('../twoFactor/resetRequests/components/AccountResetRequest.js').then((module) => ({
    default: module.AccountResetRequest,
  })),
)
export const RequestResetWidget = lazy(() =>
  import('../twoFactor/resetRequests/components/RequestResetWidget.js').then((module) => ({
    default: module.RequestResetWidget,
  })),
)
export const AuditCategoryCell = lazy(() =>
  import('../audit/components/AuditCategoryCell.js').then((module) => ({
    default: module.AuditCategoryCell,
  })),
)
export const AuditDataField = lazy(() =>
  import('../audit/components/AuditDataField.js').then((module) => ({
    default: module.AuditDataField,
  })),
)
export const AuditEventCell = lazy(() =>
  import('../audit/components/AuditEventCell.js').then((module) => ({
    default: module.AuditEventCell,
  })),
)
export const AuditLogListTools = lazy(() =>
  import('../audit/components/AuditLogListTools.js').then((module) => ({
    default: module.AuditLogListTools,
  })),
)
export const AuditTextCell = lazy(() =>
  import('../audit/components/AuditTextCell.js').then((module) => ({
    default: module.AuditTextCell,
  })),
)
export const AuditTimeCell = lazy(() =>
  import('../audit/components/AuditTimeCell.js').then((module) => ({
    default: module.AuditTimeCell,
  })),
)
