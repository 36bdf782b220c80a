'use client'

// The video plugin's client components, registered in Payload's import map as
// 'payload-backoffice/video/client#Name'. Lazy (`lazyComponent`), so that only pages showing a
// video field fetch its code: Next would otherwise put it in every admin page's JavaScript, the
// sign-in page's too.
import { lazyComponent } from '../shared/components/client/lazyComponent.js'

export const VideoField = lazyComponent(() =>
  import('../video/components/VideoField.js').then((module) => module.VideoField),
)
