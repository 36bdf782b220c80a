import type { PayloadRequest } from 'payload'

import type { EndpointGuard } from '../../shared/request/EndpointGuard.js'

import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { VideoError } from '../errors/VideoError.js'

/** Requires staff: anonymous callers are refused with 401, signed-in non-staff with 403. */
export const staffOnly =
  (isStaff: (args: { req: PayloadRequest }) => Promise<boolean>): EndpointGuard =>
  async (req) => {
    if (!req.user) {
      throw new BackofficeError('AUTHENTICATION_REQUIRED', { req })
    }
    if (!(await isStaff({ req }))) {
      throw new VideoError('VIDEO_STAFF_ONLY', { req })
    }
  }
