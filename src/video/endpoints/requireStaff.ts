import type { PayloadRequest } from 'payload'

import { BackofficeError } from '../../errors/BackofficeError.js'
import { VideoError } from '../errors/VideoError.js'

/** Refuses anyone but staff: anonymous callers with 401, signed-in non-staff with 403. */
export const requireStaff = async (
  req: PayloadRequest,
  isStaff: (args: { req: PayloadRequest }) => Promise<boolean>,
): Promise<void> => {
  if (!req.user) {
    throw new BackofficeError('AUTHENTICATION_REQUIRED', { req })
  }
  if (!(await isStaff({ req }))) {
    throw new VideoError('VIDEO_STAFF_ONLY', { req })
  }
}
