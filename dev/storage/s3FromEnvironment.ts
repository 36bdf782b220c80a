import type { SandboxS3 } from './sandboxS3.js'

/**
 * The sandbox's bucket from `SANDBOX_S3_BUCKET` (unset: files stay on disk), `SANDBOX_S3_REGION`
 * (us-east-1) and `SANDBOX_S3_ENDPOINT` for an S3-compatible store, addressed by path as such
 * stores on one host expect.
 */
export const s3FromEnvironment = (): SandboxS3 | undefined => {
  const bucket = process.env.SANDBOX_S3_BUCKET
  if (!bucket) {
    return undefined
  }
  const endpoint = process.env.SANDBOX_S3_ENDPOINT || undefined
  return {
    bucket,
    config: {
      endpoint,
      forcePathStyle: endpoint !== undefined,
      region: process.env.SANDBOX_S3_REGION || 'us-east-1',
    },
  }
}
