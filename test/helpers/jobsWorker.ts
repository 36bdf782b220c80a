import { spawn } from 'node:child_process'

/**
 * One run of Payload's own worker command, `payload jobs:run --queue <queue>`, in a process of its
 * own on the dev app's config: what an operator starts on another machine that shares only the
 * database (and the video storage) with the app. Resolves when the command exits, with its output.
 */
export const runJobsWorker = (queue: string, env: Record<string, string>) =>
  new Promise<{ code: null | number; output: string }>((resolve, reject) => {
    const child = spawn('npx', ['payload', 'jobs:run', '--queue', queue], {
      env: { ...process.env, PAYLOAD_CONFIG_PATH: 'dev/payload.config.ts', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (code) => resolve({ code, output }))
  })
