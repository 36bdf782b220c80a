import type { EndpointGuard } from './EndpointGuard.js'

import { refuseCrossSite } from './refuseCrossSite.js'

/** Requires a request the app's own pages made, not another site's (see `refuseCrossSite`). */
export const sameSite: EndpointGuard = (req) => {
  refuseCrossSite(req)
}
