// Every entry point of the package, as an app's TypeScript sees it from the tarball: `tsc` in the
// app fails if one of them is missing from the `exports` map or its types do not check.
import {
  assertPasswordAllowed,
  backofficePlugin,
  type BackofficePluginOptions,
  errorCatalogue,
  passwordPolicyExemptKey,
} from 'payload-backoffice'
import { useBackofficeTranslation } from 'payload-backoffice/client'
import { getBackofficeTranslation } from 'payload-backoffice/rsc'
import { videoErrorCatalogue, videoPlugin, type VideoPluginOptions } from 'payload-backoffice/video'
import { VideoField } from 'payload-backoffice/video/client'

const options: BackofficePluginOptions = { enabled: true, usersCollection: 'users' }
const video: VideoPluginOptions = { mount: 'video' }

export const entries = [
  assertPasswordAllowed,
  backofficePlugin(options),
  errorCatalogue.MFA_REQUIRED.status,
  getBackofficeTranslation,
  passwordPolicyExemptKey,
  useBackofficeTranslation,
  VideoField,
  videoErrorCatalogue.VIDEO_NOT_FOUND.status,
  videoPlugin(video),
]
