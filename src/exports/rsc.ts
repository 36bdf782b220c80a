// Server components and helpers, registered in Payload's import map as 'payload-backoffice/rsc#Name'.
export { ChangePasswordField } from '../changePassword/components/ChangePasswordField.js'
export { FirstUserView } from '../firstUser/components/FirstUserView.js'
export { getBackofficeTranslation } from '../components/server/getBackofficeTranslation.js'
export { AcceptInvitationView } from '../invitations/components/AcceptInvitationView.js'
export { LoginView } from '../login/LoginView.js'
export { ForgotView } from '../passwordReset/ForgotView.js'
export { ResetView } from '../passwordReset/ResetView.js'
