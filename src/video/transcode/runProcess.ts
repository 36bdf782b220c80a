import { spawn } from 'node:child_process'

import { lastLinesKeeper } from '../lib/lastLines.js'

export type ProcessResult = {
  code: null | number
  errorText: string
  /** False when the program could not be started at all (not installed, a wrong path). */
  started: boolean
  stdout: string
}

/**
 * Runs a program directly, never through a shell (no quoting of file names to get wrong), and
 * answers its exit code, whether it started, and the last lines of its stderr (for the server log:
 * they name the server's files). `onStdout` receives stdout as it arrives;
 * without it stdout is collected (ffprobe's JSON). The signal kills the process: a transcode whose
 * video was deleted or whose lease was lost stops at once. It is killed with SIGKILL, not asked with
 * SIGTERM: on SIGTERM ffmpeg finishes its open segments and playlists first, writing files into a
 * folder that is about to be removed, and what it would finish is thrown away anyway.
 */
export const runProcess = (
  command: string,
  args: string[],
  { onStdout, signal }: { onStdout?: (chunk: string) => void; signal?: AbortSignal } = {},
): Promise<ProcessResult> =>
  new Promise((resolve) => {
    const stderr = lastLinesKeeper()
    let stdout = ''
    let started = true
    const child = spawn(command, args, {
      killSignal: 'SIGKILL',
      signal,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (onStdout) {
        onStdout(chunk)
      } else {
        stdout += chunk
      }
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.add(chunk))
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.name === 'AbortError') {
        return
      }
      started = false
      stderr.add(`\n${command} could not be started: ${error.code ?? error.message}`)
    })
    child.once('close', (code) => resolve({ code, errorText: stderr.text(), started, stdout }))
  })
