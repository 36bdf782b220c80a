import type { Config } from 'payload'

import { sandboxConfig } from './sandboxConfig.js'
import { s3FromEnvironment } from './storage/s3FromEnvironment.js'

/**
 * The sandbox as its environment says, read when the config is built, so one `next build` serves
 * every variant (the browser tests start a second `next start` with another environment):
 * - SANDBOX_WITHOUT_BACKOFFICE=1 leaves out the plugin (`npm run bench:bundle` builds this same app
 *   without it, to measure what it adds);
 * - SANDBOX_WITHOUT_VIDEO=1 leaves out the video plugin only, while posts keep their video field:
 *   the field then shows its banner asking to configure the plugin;
 * - SANDBOX_S3_BUCKET (with SANDBOX_S3_ENDPOINT for an S3-compatible store) keeps media and videos
 *   in a bucket; see storage/s3FromEnvironment.ts;
 * - TRUST_PROXY=1 turns on `trustProxy` (and with it the per-client-address sign-in limit), for a
 *   sandbox behind a reverse proxy such as HAProxy.
 *
 * `push: false` is for a script or test on a database the app has already pushed its schema into;
 * `logger` for one that keeps Payload's log to what went wrong.
 */
export const configFromEnvironment = ({
  logger,
  push,
}: { logger?: Config['logger']; push?: boolean } = {}) =>
  sandboxConfig({
    ...(process.env.TRUST_PROXY === '1' ? { backofficeOptions: { trustProxy: true } } : {}),
    logger,
    push,
    s3: s3FromEnvironment(),
    withBackoffice: process.env.SANDBOX_WITHOUT_BACKOFFICE !== '1',
    withVideo:
      process.env.SANDBOX_WITHOUT_BACKOFFICE !== '1' && process.env.SANDBOX_WITHOUT_VIDEO !== '1',
  })
