import { type ChildProcess, spawn } from 'node:child_process'

const spawnWorker = (queue: string, env: Record<string, string>, args: string[] = []) =>
  spawn('npx', ['payload', 'jobs:run', '--queue', queue, ...args], {
    // A process group of its own: the worker, the npx in front of it and the ffmpeg it starts can
    // be killed together, as an orchestrator or the kernel's OOM killer takes a container down.
    detached: true,
    env: { ...process.env, PAYLOAD_CONFIG_PATH: 'dev/payload.config.ts', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })

const collect = (child: ChildProcess) => {
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<{ code: null | number; output: string; signal: null | string }>(
    (resolve, reject) => {
      child.once('error', reject)
      child.once('exit', (code, signal) => resolve({ code, output, signal }))
    },
  )
  return { exited, output: () => output }
}

/**
 * One run of Payload's own worker command, `payload jobs:run --queue <queue>`, in a process of its
 * own on the dev app's config: what an operator starts on another machine that shares only the
 * database (and the video storage) with the app. Resolves when the command exits, with its output.
 */
export const runJobsWorker = async (queue: string, env: Record<string, string>) => {
  const { code, output } = await collect(spawnWorker(queue, env)).exited
  return { code, output }
}

/**
 * A long-running worker, `payload jobs:run --queue <queue> --cron <cron> --handle-schedules`, as
 * production runs them; `kill` signals its whole process group (SIGKILL: a crash, no clean-up).
 */
export const startJobsWorker = (
  queue: string,
  env: Record<string, string>,
  { cron = '* * * * * *' }: { cron?: string } = {},
) => {
  const child = spawnWorker(queue, env, ['--cron', cron, '--handle-schedules'])
  const { exited, output } = collect(child)
  return {
    exited,
    kill: (signal: NodeJS.Signals) => {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(-child.pid!, signal)
      }
    },
    output,
    /** The process group's id: the id of the process started here. */
    pid: child.pid!,
  }
}
