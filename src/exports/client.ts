// Client components and hooks, registered in Payload's import map as 'payload-backoffice/client#Name'.
export { useBackofficeTranslation } from '../components/client/useBackofficeTranslation.js'
export { SessionsField } from '../sessions/components/SessionsField.js'
export { UnblockAccountField } from '../suspension/components/UnblockAccountField.js'
