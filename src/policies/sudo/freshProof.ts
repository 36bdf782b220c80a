import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { EndpointGuard } from '../../shared/request/EndpointGuard.js'

import { requireFreshProof } from './requireFreshProof.js'

/**
 * Requires sudo mode (`REAUTHENTICATION_REQUIRED`, 403, see `requireFreshProof`), or with `when`
 * only for the requests it names: an endpoint whose sensitive part depends on the request (approving
 * rather than denying, say) declares that here rather than deciding it inside its handler.
 */
export const freshProof =
  (
    options: SanitizedBackofficeOptions,
    { when }: { when?: (req: PayloadRequest) => boolean } = {},
  ): EndpointGuard =>
  async (req) => {
    if (!when || when(req)) {
      await requireFreshProof(req, options)
    }
  }
