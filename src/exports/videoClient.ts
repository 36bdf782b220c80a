// The video plugin's client components, registered in Payload's import map as
// 'payload-backoffice/video/client#Name'.
export { VideoField } from '../video/components/VideoField.js'
