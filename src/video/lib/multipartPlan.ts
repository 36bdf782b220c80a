/**
 * S3's multipart upload limits (docs.aws.amazon.com/AmazonS3/latest/userguide/qfacts.html,
 * "Amazon S3 multipart upload limits"): parts of 5 MiB to 5 GiB (the last may be smaller), at most
 * 10,000 parts, objects of at most 5 TiB.
 */
export const S3_MIN_PART_BYTES = 5 * 1024 ** 2
export const S3_MAX_PARTS = 10_000
export const S3_MAX_OBJECT_BYTES = 5 * 1024 ** 4
/** The largest object one PUT stores (same page): above it only a multipart upload works. */
export const S3_MAX_SINGLE_PUT_BYTES = 5 * 1024 ** 3

const MiB = 1024 ** 2

/**
 * 8 MiB, the AWS CLI's own default part size (`multipart_chunksize`): small enough that a retried
 * part costs little, large enough that a 10 GiB file is 1,280 requests.
 */
const PREFERRED_PART_BYTES = 8 * MiB

/**
 * The part size for a file: 8 MiB, grown in whole MiB when the file would need more than 10,000
 * parts (a 5 TiB file gets parts of 525 MiB).
 */
export const partBytesFor = (size: number): number =>
  Math.max(PREFERRED_PART_BYTES, Math.ceil(size / S3_MAX_PARTS / MiB) * MiB)

/** How many parts a file of `size` bytes is sent in, with parts of `partBytes`. */
export const partCountOf = (size: number, partBytes: number): number =>
  Math.max(1, Math.ceil(size / partBytes))

/** The byte length of part `partNumber` (1-based): `partBytes`, except the last, which holds the rest. */
export const partLengthOf = (size: number, partBytes: number, partNumber: number): number =>
  Math.min(partBytes, size - (partNumber - 1) * partBytes)
