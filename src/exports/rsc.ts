// Server components and helpers, registered in Payload's import map as 'payload-backoffice/rsc#Name'.
export { getBackofficeTranslation } from '../components/server/getBackofficeTranslation.js'
export { LoginView } from '../login/LoginView.js'
