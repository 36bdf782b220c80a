// The sandbox: Payload's admin with the plugin, as an integrator would add it (see sandboxConfig.ts).
import { sandboxConfig } from './sandboxConfig.js'
import { s3FromEnvironment } from './storage/s3FromEnvironment.js'

// `npm run bench:bundle` builds this same app once more without the plugin, to measure what it adds.
// SANDBOX_WITHOUT_VIDEO=1 leaves out the video plugin only, while posts keep their video field: the
// field then shows its banner asking to configure the plugin. Read when the server starts, so one
// build serves both (the browser tests start a second `next start` with it).
// SANDBOX_S3_BUCKET (with SANDBOX_S3_ENDPOINT for an S3-compatible store) keeps media and videos in
// a bucket; see s3FromEnvironment.ts.
// TRUST_PROXY=1 turns on `trustProxy` (and with it the per-client-address sign-in limit), for a
// sandbox behind a reverse proxy such as HAProxy; also read when the server starts.
export default sandboxConfig({
  ...(process.env.TRUST_PROXY === '1' ? { backofficeOptions: { trustProxy: true } } : {}),
  s3: s3FromEnvironment(),
  withBackoffice: process.env.SANDBOX_WITHOUT_BACKOFFICE !== '1',
  withVideo:
    process.env.SANDBOX_WITHOUT_BACKOFFICE !== '1' && process.env.SANDBOX_WITHOUT_VIDEO !== '1',
})
