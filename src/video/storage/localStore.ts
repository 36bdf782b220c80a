import { mkdir, open, readdir, rm, stat, utimes } from 'node:fs/promises'
import path from 'node:path'

/**
 * The local-disk layout of the videos, one folder per video:
 *
 *     {directory}/{id}/source        the uploaded file, as received
 *     {directory}/{id}/source.part   an upload in progress (its size is how far it got)
 *     {directory}/{id}/source.lock   held while one request writes to the part file
 *     {directory}/{id}/work-{owner}  a transcode in progress, private to the worker holding the lease
 *     {directory}/{id}/out/          what is served: master.m3u8, one folder per rung, poster, preview
 *
 * `out/` appears in one rename when a transcode has finished, so a player never sees half a ladder.
 */
export const localStore = (directory: string) => {
  const folder = (videoId: number | string) => path.join(directory, safeId(videoId))
  return {
    directory,
    folder,
    lockPath: (videoId: number | string) => path.join(folder(videoId), 'source.lock'),
    outputDir: (videoId: number | string) => path.join(folder(videoId), 'out'),
    partPath: (videoId: number | string) => path.join(folder(videoId), 'source.part'),
    /**
     * Removes the work folders of a video's earlier transcodes, left by workers that died: only the
     * holder of the video's lease calls it, so nobody else may be writing there any more.
     */
    removeWorkDirs: async (videoId: number | string) => {
      const entries = await readdir(folder(videoId)).catch(() => [] as string[])
      for (const entry of entries.filter((name) => name.startsWith('work-'))) {
        await rm(path.join(folder(videoId), entry), { force: true, recursive: true })
      }
    },
    /**
     * Removes everything of a video: source, part, work folders and output. A file created while
     * the folder is being emptied (a request still writing) makes removing the folder fail with
     * ENOTEMPTY; Node tries again then, up to 5 times, 100 ms apart and more.
     */
    removeVideo: (videoId: number | string) =>
      rm(folder(videoId), { force: true, maxRetries: 5, recursive: true }),
    sourcePath: (videoId: number | string) => path.join(folder(videoId), 'source'),
    workDir: (videoId: number | string, owner: string) =>
      path.join(folder(videoId), `work-${owner.replace(/[^\w-]/g, '')}`),
  }
}

/** Video ids become folder names: only ids that are plainly ids (serial numbers, UUIDs) do. */
const safeId = (videoId: number | string): string => {
  const id = String(videoId)
  if (!/^[\w-]{1,64}$/.test(id)) {
    throw new Error(`payload-backoffice video: "${id}" is not a video id.`)
  }
  return id
}

/** Size of a file in bytes, or 0 when there is none. */
export const sizeOf = async (file: string): Promise<number> => {
  try {
    return (await stat(file)).size
  } catch {
    return 0
  }
}

/**
 * A lock that holds across app processes on one machine: creating the lock file with `wx` (O_EXCL)
 * either succeeds for exactly one of them or fails. The holder touches it while it works; a lock
 * untouched for `staleMs` is left from a process that died and is taken over. Answers a release
 * function, or null when another request holds the lock.
 */
export const takeFileLock = async (
  lockFile: string,
  staleMs: number,
): Promise<(() => Promise<void>) | null> => {
  await mkdir(path.dirname(lockFile), { recursive: true })
  const tryCreate = async () => {
    try {
      await (await open(lockFile, 'wx')).close()
      return true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        return false
      }
      throw error
    }
  }
  if (!(await tryCreate())) {
    const held = await stat(lockFile).catch(() => null)
    if (held && Date.now() - held.mtimeMs < staleMs) {
      return null
    }
    await rm(lockFile, { force: true })
    if (!(await tryCreate())) {
      return null
    }
  }
  const heartbeat = setInterval(() => {
    const now = new Date()
    void utimes(lockFile, now, now).catch(() => undefined)
  }, staleMs / 3)
  heartbeat.unref()
  return async () => {
    clearInterval(heartbeat)
    await rm(lockFile, { force: true })
  }
}
