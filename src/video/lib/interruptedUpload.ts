/**
 * A chunked upload the Upload Video modal remembers while it runs, so that after a page reload the
 * same file can be sent on from where the server's bytes end. The signed URL in it is a write
 * capability for that one video until it expires, which is why the modal keeps it in the tab's
 * `sessionStorage` (gone when the tab closes, never shared with other tabs) and not in
 * `localStorage` (kept on disk across browser restarts, readable by every tab of the origin).
 */
export type InterruptedUpload = {
  lastModified: number
  /** The type the upload request announced, which the signed URL is bound to. */
  mimeType: string
  name: string
  signedUrl: string
  size: number
  videoId: number | string
}

/** The storage key of the upload remembered for the video plugin answering at `base`. */
export const interruptedUploadKey = (base: string): string =>
  `payload-backoffice:video-upload:${base}`

const isId = (value: unknown): value is number | string =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && value !== '')

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0

/**
 * The remembered upload in `text`, or null when there is none or it is not one (storage is text
 * any script of the origin may have written, so every field is checked).
 */
export const readInterruptedUpload = (text: null | string): InterruptedUpload | null => {
  if (!text) {
    return null
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) {
    return null
  }
  const { lastModified, mimeType, name, signedUrl, size, videoId } = value as Record<
    string,
    unknown
  >
  if (
    !isCount(lastModified) ||
    typeof mimeType !== 'string' ||
    typeof name !== 'string' ||
    name === '' ||
    typeof signedUrl !== 'string' ||
    signedUrl === '' ||
    !isCount(size) ||
    !isId(videoId)
  ) {
    return null
  }
  return { lastModified, mimeType, name, signedUrl, size, videoId }
}

/**
 * Whether `file` is the one whose upload was interrupted. A browser gives no path and no way to
 * re-open a file without the user, so name, size and last modification time stand for it: a file
 * renamed, edited or saved again does not match, and its bytes would not continue the server's.
 */
export const isSameFile = (
  upload: InterruptedUpload,
  file: { lastModified: number; name: string; size: number },
): boolean =>
  file.name === upload.name &&
  file.size === upload.size &&
  file.lastModified === upload.lastModified
