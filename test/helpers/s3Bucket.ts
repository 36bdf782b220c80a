import { S3Client } from '@aws-sdk/client-s3'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

/**
 * An S3-compatible server on loopback (s3rver keeps objects in a folder) with one bucket, `media`,
 * and the client configuration the plugin and the test both use. `cors`: the bucket's CORS rules
 * (XML), for a browser page that sends to it.
 */
export const startBucket = async ({ cors }: { cors?: string } = {}) => {
  const server = new S3rver({
    address: '127.0.0.1',
    configureBuckets: [{ configs: cors ? [cors] : [], name: 'media' }],
    directory: await mkdtemp(path.join(tmpdir(), 's3rver-')),
    port: 0,
    silent: true,
  })
  const { port } = await server.run()
  const host = `127.0.0.1:${port}`
  const config = {
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    endpoint: `http://${host}`,
    forcePathStyle: true,
    region: 'us-east-1',
  }
  return { client: new S3Client(config), config, host, server }
}
