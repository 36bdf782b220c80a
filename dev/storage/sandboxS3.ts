/**
 * The S3 bucket the sandbox keeps its files in: media, sent by the browser straight to the bucket,
 * and videos. The client settings are those of `@aws-sdk/client-s3` (credentials left out: the
 * SDK's own chain reads `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`).
 */
export type SandboxS3 = {
  bucket: string
  config: {
    credentials?: { accessKeyId: string; secretAccessKey: string }
    endpoint?: string
    forcePathStyle?: boolean
    region: string
  }
}
