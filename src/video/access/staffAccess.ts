import type { Config, PayloadRequest } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

/**
 * Whether a request comes from staff: the `access` option when the app gave one, else any signed-in
 * user of the admin's user collection (`admin.user`, Payload's `users` by default). A user of
 * another auth collection (site members, say) is not staff.
 */
export const staffAccess =
  (config: Pick<Config, 'admin'>, options: Pick<SanitizedVideoOptions, 'access'>) =>
  async ({ req }: { req: PayloadRequest }): Promise<boolean> => {
    if (!req.user) {
      return false
    }
    if (options.access) {
      return options.access({ req })
    }
    return req.user.collection === (config.admin?.user ?? 'users')
  }
