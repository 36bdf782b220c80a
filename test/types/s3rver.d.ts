// s3rver 3.7.1 ships no types: what the S3 tests use of it.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      address?: string
      configureBuckets?: { configs: (Buffer | string)[]; name: string }[]
      directory: string
      port?: number
      silent?: boolean
    })
    close(): Promise<void>
    run(): Promise<{ address: string; port: number }>
  }
}
